import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { spawnGroup, stopGroup } from "./server";

/** One answer of the real server, byte for byte, as the bare server will repeat it. */
export interface RecordedResponse {
  path: string;
  /** The request's Accept-Encoding ("" for none): the bare server answers by path and this value. */
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers about one connection or one moment, which node:http writes (or not) by itself. */
const CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

/**
 * GET `urlPath` from the real server with the given headers (or POST `body`, when given); the
 * answer's body exactly as sent (still compressed).
 */
export function record(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RecordedResponse> {
  const acceptEncoding = headers["Accept-Encoding"] ?? "";
  const method = body === undefined ? "GET" : "POST";
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(urlPath, baseUrl), { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined || CONNECTION_HEADERS.has(name)) continue;
          kept[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({
          path: urlPath,
          acceptEncoding,
          status: incoming.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`timed out fetching ${urlPath}`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * Starts bench/bare-server.ts in its own process (or `workers` processes sharing its port), answering
 * each recorded response (by path and Accept-Encoding) with the same status, headers and bytes;
 * resolves with its URL once it listens.
 */
export async function startBareServer(responses: RecordedResponse[], options: { workers?: number } = {}) {
  const folder = await mkdtemp(path.join(tmpdir(), "bench-bare-"));
  const file = path.join(folder, "responses.json");
  await writeFile(
    file,
    JSON.stringify(responses.map((response) => ({ ...response, body: response.body.toString("base64") }))),
  );
  const child = spawnGroup(path.resolve("node_modules/.bin/tsx"), ["bench/bare-server.ts"], {
    ...process.env,
    BARE_RESPONSES: file,
    BARE_WORKERS: String(options.workers ?? 1),
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the bare server did not start within 20 s")), 20_000);
      child.once("exit", (code) => reject(new Error(`the bare server exited with code ${code}`)));
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const match = /^LISTENING (\d+)$/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    return {
      url: `http://127.0.0.1:${port}`,
      stop: async () => {
        await stopGroup(child, 5_000);
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopGroup(child, 1_000);
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
