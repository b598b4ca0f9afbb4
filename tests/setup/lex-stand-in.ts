// A small local stand-in for Amazon Lex V2's runtime, for testing the Amazon Lex provider: it answers
// the runtime paths the way Lex does and records what it was sent (signature headers included).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

const ERROR_NAMESPACE = "http://internal.amazon.com/coral/com.amazonaws.deepsense.runtimeservice/";

function encode(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value))).toString("base64");
}

function sendError(response: ServerResponse, status: number, type: string, message: string) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "X-Amzn-Errortype": `${type}:${ERROR_NAMESPACE}`,
  });
  response.end(JSON.stringify({ message }));
}

const state = {
  dialogAction: { type: "Close" },
  intent: { name: "OrderFlowers", state: "Fulfilled", confirmationState: "None", slots: {} },
  sessionAttributes: {},
};

export async function startLexStandIn(): Promise<{
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? "/";
      requests.push({ method: request.method ?? "", path, headers: request.headers, body });
      const match =
        /^\/bots\/([^/]+)\/botAliases\/([^/]+)\/botLocales\/([^/]+)\/sessions\/([^/]+)(\/text|\/utterance)?$/.exec(
          path,
        );
      if (!match) return sendError(response, 404, "UnknownOperationException", "No such operation.");
      const [, botId, botAliasId, localeId, sessionId = "", operation] = match;
      if (sessionId.startsWith("throttle"))
        return sendError(response, 429, "ThrottlingException", "Rate exceeded.");
      if (sessionId.startsWith("missing"))
        return sendError(response, 404, "ResourceNotFoundException", "Session not found.");

      if (request.method === "POST" && operation === "/text") {
        const input = JSON.parse(body.toString("utf8")) as {
          text: string;
          requestAttributes?: Record<string, string>;
        };
        response.writeHead(200, { "Content-Type": "application/json", "x-amzn-RequestId": "stand-in-1" });
        return response.end(
          JSON.stringify({
            messages: [{ contentType: "PlainText", content: `Amazon Lex heard: ${input.text}` }],
            sessionState: state,
            interpretations: [
              { intent: state.intent, nluConfidence: { score: 0.93 }, interpretationSource: "Lex" },
              { intent: { name: "FallbackIntent", slots: {} }, interpretationSource: "Lex" },
            ],
            requestAttributes: input.requestAttributes ?? {},
            sessionId,
          }),
        );
      }
      if (request.method === "POST" && operation === "/utterance") {
        response.writeHead(200, {
          "Content-Type": "audio/mpeg",
          "x-amz-lex-input-mode": "Speech",
          "x-amz-lex-session-id": sessionId,
          "x-amz-lex-messages": encode([{ contentType: "PlainText", content: "Spoken reply" }]),
          "x-amz-lex-interpretations": encode([{ intent: state.intent, nluConfidence: { score: 0.8 } }]),
          "x-amz-lex-session-state": encode(state),
          "x-amz-lex-input-transcript": encode("i would like flowers"),
        });
        return response.end(Buffer.from("FAKE-MPEG-AUDIO"));
      }
      if (request.method === "POST" && !operation) {
        response.writeHead(200, {
          "Content-Type": String(request.headers.responsecontenttype ?? "text/plain; charset=utf-8"),
          "x-amz-lex-session-id": sessionId,
          "x-amz-lex-messages": encode([]),
          "x-amz-lex-session-state": encode(JSON.parse(body.toString("utf8")).sessionState),
        });
        return response.end();
      }
      if (request.method === "GET" && !operation) {
        response.writeHead(200, { "Content-Type": "application/json" });
        return response.end(
          JSON.stringify({ sessionId, sessionState: state, messages: [], interpretations: [] }),
        );
      }
      if (request.method === "DELETE" && !operation) {
        response.writeHead(200, { "Content-Type": "application/json" });
        return response.end(JSON.stringify({ botId, botAliasId, localeId, sessionId }));
      }
      return sendError(response, 404, "UnknownOperationException", "No such operation.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
