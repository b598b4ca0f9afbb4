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
}

/** Sends one message; nodemailer's SMTP transport in production, anything with `sendMail` in tests. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

/**
 * nodemailer over SMTP, from a URL such as `smtp://user:pass@mail.example.com:587`. The timeouts
 * keep one message well inside the outbox's two-minute lease (nodemailer waits up to 10 minutes
 * by default); the URL's query can set others, e.g. `?socketTimeout=60000`.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer is loaded with the first message, not at start (a start with nothing to send is faster).
  let transporter: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
  };
  return {
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
  };
}
