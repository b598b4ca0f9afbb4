/**
 * `npm run secrets`: prints a fresh SESSION_SECRET and ENCRYPTION_KEY, ready for a `.env` file or a
 * secret store. Give every machine that shares a database the same two values; keep them out of
 * version control. Nothing is written anywhere.
 */
import { randomBytes } from "node:crypto";

process.stdout.write(
  [
    "# Give every machine the same values; keep them secret (not in git).",
    `SESSION_SECRET=${randomBytes(32).toString("base64url")}`,
    `ENCRYPTION_KEY=${randomBytes(32).toString("base64")}`,
    "",
  ].join("\n"),
);
