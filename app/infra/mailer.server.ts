import nodemailer from "nodemailer";

/** The shape of one message handed to SMTP (matches the outbox's `MailTransport`). */
export interface SmtpMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * nodemailer over SMTP, from a URL such as `smtp://user:pass@mail.example.com:587`. The timeouts
 * keep one message well inside the outbox's two-minute lease (nodemailer waits up to 10 minutes
 * by default); the URL's query can set others, e.g. `?socketTimeout=60000`.
 */
export function createSmtpTransport(smtpUrl: string): { sendMail(mail: SmtpMail): Promise<unknown> } {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  });
  return {
    sendMail: (mail: SmtpMail) =>
      transporter.sendMail({
        ...mail,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      }),
  };
}
