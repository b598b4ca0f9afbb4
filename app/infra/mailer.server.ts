import type { EmailAttachment } from "@db/schema";
import type { Transporter } from "nodemailer";

/** One message as it leaves the outbox for the mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments: EmailAttachment[];
  /** `<id@domain>`, the same on every try of one outbox row, so a resend is the same message. */
  messageId: string;
}

/** Sends messages; nodemailer's SMTP transport in production, anything with `sendMail` in tests. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
  /** How many messages it carries at once (an SMTP pool's connections); the outbox sends that many at a time. */
  readonly connections?: number;
  /** Lets go of what it keeps open (idle pooled connections) once the messages it is sending have gone. */
  close?(): Promise<void>;
}

/** OUTBOX_CONCURRENCY's default (app/infra/env.server.ts). */
const DEFAULT_CONNECTIONS = 8;

/**
 * nodemailer over SMTP, from a URL such as `smtp://user:pass@mail.example.com:587`, with a pool
 * of up to `connections` connections that stay open between messages (no new TCP and TLS
 * handshake, greeting and login per message; idle ones close after four minutes). The timeouts
 * keep a stalled server from holding a message for long (nodemailer waits up to 10 minutes by
 * default); the URL's query can set others, e.g. `?socketTimeout=60000`.
 */
export function createSmtpTransport(smtpUrl: string, connections = DEFAULT_CONNECTIONS): MailTransport {
  // nodemailer is loaded with the first message, not at start (a start with nothing to send is faster).
  let transporter: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
  };
  return {
    connections,
    async sendMail(mail) {
      transporter ??= connect();
      return (await transporter).sendMail({
        ...mail,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          encoding: attachment.encoding,
        })),
      });
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
