import { gt } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { MailTransport } from "~/infra/mailer.server";
import { outbox } from "../../../db/schema";
import { deliverDueEmails } from "./outbox.server";

export interface OutboxWorkerOptions {
  db: Database;
  logger: Logger;
  from: string;
  /** Without a transport, messages stay in the outbox and each new one is logged (no body). */
  transport?: MailTransport;
  intervalMs?: number;
}

/** Polls the outbox until stopped. Safe to run in every server process. */
export function startOutboxWorker(options: OutboxWorkerOptions): { stop(): Promise<void> } {
  const { db, logger, from, transport } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let noticedUntil = new Date(0);

  const tick = async () => {
    try {
      if (transport) {
        const report = await deliverDueEmails(db, transport, { from });
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
    } catch (error) {
      logger.error({ msg: "outbox worker error", err: error });
    }
  };

  const timer = setInterval(() => {
    if (!stopped) running = running.then(tick);
  }, options.intervalMs ?? 5000);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
