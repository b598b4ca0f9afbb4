import { outbox } from "@db/schema";
import { gt } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { MailTransport } from "~/infra/mailer.server";
import { type PeriodicTask, startPeriodicTask } from "~/infra/periodic-task.server";
import { deliverDueEmails } from "./outbox.server";

export interface OutboxWorkerOptions {
  db: Database;
  logger: Logger;
  from: string;
  /** Without a transport, messages stay in the outbox and each new one is logged (no body). */
  transport?: MailTransport;
  intervalMs?: number;
}

/**
 * Polls the outbox until stopped. Safe to run in every server process. Each poll sends as many
 * messages at once as the transport carries and keeps going while it finds full batches.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): PeriodicTask {
  const { db, logger, from, transport } = options;
  let noticedUntil = new Date(0);
  // Stopping ends a poll that is draining a backlog after its current batch, not after the backlog.
  const stopping = new AbortController();
  const task = startPeriodicTask(
    "outbox worker",
    async () => {
      if (transport) {
        const report = await deliverDueEmails(db, transport, { from, signal: stopping.signal });
        if (report.sent || report.failed) logger.info({ msg: "outbox delivery", ...report });
      } else {
        const waiting = await db
          .select({
            createdAt: outbox.createdAt,
            to: outbox.recipient,
            subject: outbox.subject,
            kind: outbox.kind,
          })
          .from(outbox)
          .where(gt(outbox.createdAt, noticedUntil));
        for (const message of waiting) {
          logger.info({
            msg: "e-mail kept in the outbox (no SMTP_URL)",
            to: message.to,
            subject: message.subject,
            kind: message.kind,
          });
          if (message.createdAt > noticedUntil) noticedUntil = message.createdAt;
        }
      }
    },
    { intervalMs: options.intervalMs ?? 5000, logger },
  );
  return {
    stop: async () => {
      stopping.abort();
      await task.stop();
      // The pooled SMTP connections would otherwise keep the process up until they idle out.
      await transport?.close?.();
    },
  };
}
