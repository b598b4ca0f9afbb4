import { SMTPServer } from "smtp-server";

export interface DeliveredMessage {
  /** The name the sender gave in EHLO (nodemailer's `name`, settable in SMTP_URL's query). */
  clientName: string;
  rcptTo: string[];
  messageId: string;
  raw: string;
}

export interface HoldingSmtpServer {
  port: number;
  /** Messages answered "250 OK": delivered, as far as their sender can know. */
  accepted: DeliveredMessage[];
  /** Messages received whole and never answered, because their sender's messages were held. */
  unanswered: DeliveredMessage[];
  /**
   * From now on, the next client to send a message and every later message of that client (by the
   * name it introduced itself with) are received and never answered: that sender is stuck in the
   * middle of a send, as when a mail server stalls. Resolves with that name.
   */
  holdNextSender(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that can hold one sender's messages unanswered, so a test can
 * kill that sender while it is sending and see what its messages become.
 */
export async function startHoldingSmtpServer(): Promise<HoldingSmtpServer> {
  const accepted: DeliveredMessage[] = [];
  const unanswered: DeliveredMessage[] = [];
  let heldClient: string | undefined;
  let onHeld: ((clientName: string) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    // A held sender may still be connected when the test ends; do not wait the default 30 s for it.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
        const message = {
          clientName: session.hostNameAppearsAs,
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: /^Message-ID: (.*?)\r?$/im.exec(head)?.[1] ?? "",
          raw,
        };
        if (onHeld && heldClient === undefined) {
          heldClient = message.clientName;
          onHeld(heldClient);
        }
        if (message.clientName === heldClient) {
          unanswered.push(message);
          return;
        }
        accepted.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP server has no port");
  return {
    port: address.port,
    accepted,
    unanswered,
    holdNextSender: () =>
      new Promise<string>((resolve) => {
        onHeld = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
