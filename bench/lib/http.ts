import { request } from "node:http";
import { gzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET without asking for compression, so the body is exactly the bytes the page is made of. */
export function getRaw(url: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: "GET", headers: { "Accept-Encoding": "identity" } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`timed out fetching ${url}`)));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Size after gzip at zlib's default level, the level the server's compression uses. */
export function gzipSize(body: Buffer | string): number {
  return gzipSync(body).length;
}
