// A real SMTP server for the end-to-end run: the app sends through it, and each message is written
// to MAIL_SINK_DIR as JSON (recipient, subject, decoded text) for the tests to read.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.MAIL_SINK_PORT ?? 2525);
const folder = path.resolve(process.env.MAIL_SINK_DIR ?? ".tmp/e2e-mail");
mkdirSync(folder, { recursive: true });

/** Undoes quoted-printable encoding (soft line breaks and =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  } catch {
    return bytes;
  }
}

let counter = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  // Tests need nothing beyond loopback: no reverse DNS lookup of 127.0.0.1 per connection.
  disableReverseLookup: true,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...bodyParts] = raw.split(/\r?\n\r?\n/);
      const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? "";
      const message = {
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject,
        text: decodeQuotedPrintable(bodyParts.join("\n\n")),
      };
      counter += 1;
      writeFileSync(path.join(folder, `${Date.now()}-${counter}.json`), JSON.stringify(message));
      callback();
    });
  },
});
server.listen(port, "127.0.0.1", () => console.log(`mail sink on 127.0.0.1:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
