import { createServer } from "node:net";

/**
 * A loopback port nothing listens on right now, for a server a test or bench starts. Another
 * process may take it before that server binds it; callers that care try again.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
