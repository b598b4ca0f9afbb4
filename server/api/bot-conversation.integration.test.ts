// StartConversation (Lex V2's two-way HTTP/2 event stream) through the official client, with its
// default HTTP/2 handler, against the built-in assistant served as production serves it: HTTP/1.1
// and cleartext HTTP/2 on one port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  LexRuntimeV2Client,
  RecognizeTextCommand,
  StartConversationCommand,
  type StartConversationRequestEventStream,
  type StartConversationResponseEventStream,
} from "@aws-sdk/client-lex-runtime-v2";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import type { DatabaseHandle } from "~/infra/db.server";
import { BOT, lexClient, newSessionId } from "../../tests/setup/bot";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { acceptCleartextHttp2 } from "../cleartext-http2";

let database: DatabaseHandle;
let url: string;
let closeServer: () => Promise<void>;
let http2Client: LexRuntimeV2Client;

beforeAll(async () => {
  database = await createTestDatabase();
  const { app } = createTestApp(database, { settings: { RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "10000" } });
  const listener = getRequestListener(app.fetch);
  const server = createServer(listener);
  const { sessions } = acceptCleartextHttp2(server, listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () =>
    new Promise<void>((resolve) => {
      for (const session of sessions) session.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  // The SDK's own default request handler for this client is HTTP/2 (NodeHttp2Handler).
  http2Client = new LexRuntimeV2Client({
    endpoint: url,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "not-a-real-secret" },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  http2Client?.destroy();
  await closeServer?.();
  await database?.close();
});

type OutputEvent = StartConversationResponseEventStream;

/**
 * A conversation as a client app holds one: each input waits for the assistant's answer to the
 * one before, then the client says goodbye with a DisconnectionEvent.
 */
async function converse(
  sessionId: string,
  inputs: StartConversationRequestEventStream[],
): Promise<OutputEvent[]> {
  const received: OutputEvent[] = [];
  let answered: (() => void) | undefined;
  async function* requestEvents(): AsyncGenerator<StartConversationRequestEventStream> {
    for (const input of inputs) {
      const answer = input.TextInputEvent ? new Promise<void>((resolve) => (answered = resolve)) : undefined;
      yield input;
      await answer;
    }
    yield { DisconnectionEvent: { eventId: "bye" } };
  }
  const response = await http2Client.send(
    new StartConversationCommand({
      ...BOT,
      sessionId,
      conversationMode: "TEXT",
      requestEventStream: requestEvents(),
    }),
  );
  for await (const event of response.responseEventStream ?? []) {
    received.push(event);
    if (event.TextResponseEvent) answered?.();
  }
  return received;
}

function textsOf(events: OutputEvent[]): string[] {
  return events.flatMap(
    (event) => event.TextResponseEvent?.messages?.map((message) => message.content ?? "") ?? [],
  );
}

describe("StartConversation through the official client", () => {
  it("holds a text conversation: welcome messages, then an intent result and the answer for each input", async () => {
    const setupFee = faq.find((item) => /setup fee/i.test(item.question));
    expect(setupFee).toBeDefined();
    const events = await converse(newSessionId("conversation"), [
      {
        ConfigurationEvent: {
          responseContentType: "text/plain; charset=utf-8",
          welcomeMessages: [{ contentType: "PlainText", content: "Welcome to the agency's assistant." }],
        },
      },
      { TextInputEvent: { text: "Hi there" } },
      { TextInputEvent: { text: "do you charge anything to set things up?" } },
    ]);

    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    const [welcome, , greetingAnswer, setupResult, setupAnswer] = events;
    expect(textsOf([welcome!])).toEqual(["Welcome to the agency's assistant."]);
    expect(textsOf([greetingAnswer!]).join(" ")).toMatch(/hello|hi|welcome/i);
    expect(setupResult!.IntentResultEvent).toMatchObject({
      inputMode: "Text",
      sessionId: expect.stringMatching(/^conversation-/),
      sessionState: { intent: { name: "FaqSetupFee" } },
    });
    expect(textsOf([setupAnswer!]).join(" ")).toContain(setupFee!.answer.slice(0, 40));
  });

  it("keeps its turns in the session, so RecognizeText carries on where the conversation left off", async () => {
    const sessionId = newSessionId("conversation");
    await converse(sessionId, [
      { ConfigurationEvent: { responseContentType: "text/plain; charset=utf-8" } },
      { TextInputEvent: { text: "I'd like a free consultation" } },
    ]);
    const next = await lexClient(url).send(
      new RecognizeTextCommand({ ...BOT, sessionId, text: "What's the weather in Paris tomorrow?" }),
    );
    // Still the consultation request, asking again for a name rather than taking the question as one.
    expect(next.sessionState?.intent?.name).toBe("RequestConsultation");
    expect(next.sessionState?.dialogAction?.slotToElicit).toBe("name");
  });

  it("ends with Lex's ValidationException for spoken input, which this server does not take", async () => {
    await expect(
      converse(newSessionId("conversation"), [
        { ConfigurationEvent: { responseContentType: "text/plain; charset=utf-8" } },
        {
          AudioInputEvent: {
            contentType:
              "audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false",
            audioChunk: new Uint8Array(320),
          },
        },
      ]),
    ).rejects.toMatchObject({
      name: "ValidationException",
      message: expect.stringMatching(/text conversations/),
    });
  });

  it("refuses an AUDIO conversation before it starts", async () => {
    await expect(
      http2Client.send(
        new StartConversationCommand({
          ...BOT,
          sessionId: newSessionId("conversation"),
          conversationMode: "AUDIO",
          requestEventStream: (async function* () {
            yield { DisconnectionEvent: {} };
          })(),
        }),
      ),
    ).rejects.toMatchObject({ name: "ValidationException", $metadata: { httpStatusCode: 400 } });
  });

  it("still serves HTTP/1.1 on the same port", async () => {
    const answer = await lexClient(url).send(
      new RecognizeTextCommand({ ...BOT, sessionId: newSessionId("conversation"), text: "Hi there" }),
    );
    expect(answer.sessionState?.intent?.name).toBe("Greeting");
  });
});
