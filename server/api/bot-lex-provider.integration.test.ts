// With LEX_BOT_ID, LEX_BOT_ALIAS_ID and AWS_REGION set, the bot API forwards to Amazon Lex through the
// SDK, signing with the server's credentials. Here "Amazon Lex" is a local stand-in (LEX_ENDPOINT).
import { gunzipSync } from "node:zlib";
import {
  BadGatewayException,
  DeleteSessionCommand,
  GetSessionCommand,
  type LexRuntimeV2Client,
  PutSessionCommand,
  RecognizeTextCommand,
  RecognizeUtteranceCommand,
  ResourceNotFoundException,
  ThrottlingException,
} from "@aws-sdk/client-lex-runtime-v2";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { type ListeningServer, lexClient, listen, newSessionId } from "../../tests/setup/bot";
import { type RecordedRequest, startLexStandIn } from "../../tests/setup/lex-stand-in";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";

const AMAZON = { botId: "AMAZONBOT1", botAliasId: "PRODALIAS1", localeId: "en_GB" } as const;

let database: DatabaseHandle;
let standIn: Awaited<ReturnType<typeof startLexStandIn>>;
let server: ListeningServer;
let client: LexRuntimeV2Client;

function settings(endpoint: string): Record<string, string> {
  return {
    LEX_BOT_ID: AMAZON.botId,
    LEX_BOT_ALIAS_ID: AMAZON.botAliasId,
    LEX_LOCALE_ID: AMAZON.localeId,
    AWS_REGION: "eu-west-2",
    AWS_ACCESS_KEY_ID: "AKIASERVERSIDEKEY",
    AWS_SECRET_ACCESS_KEY: "server-side-secret",
    LEX_ENDPOINT: endpoint,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startLexStandIn();
  server = await listen(createTestApp(database, { settings: settings(standIn.url) }).app);
  client = lexClient(server.url);
});

beforeEach(() => {
  standIn.requests.length = 0;
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
  await standIn?.close();
  await database?.close();
});

function decode(header: string | undefined): unknown {
  return JSON.parse(gunzipSync(Buffer.from(header ?? "", "base64")).toString("utf8"));
}

/** The request reached "Amazon Lex" signed with the server's key, not the browser's or the client's. */
function expectSignedByServer(request: RecordedRequest | undefined) {
  const authorization = String(request?.headers.authorization ?? "");
  expect(authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIASERVERSIDEKEY\/\d{8}\/eu-west-2\/lex\/aws4_request/,
  );
  expect(authorization).not.toContain("AKIDEXAMPLE");
}

describe("the Amazon Lex provider", () => {
  it("forwards RecognizeText and returns Lex's answer unchanged", async () => {
    const sessionId = newSessionId("lex");
    const output = await client.send(
      new RecognizeTextCommand({
        ...AMAZON,
        sessionId,
        text: "I would like flowers",
        requestAttributes: { a: "b" },
      }),
    );
    expect(output.messages?.[0]?.content).toBe("Amazon Lex heard: I would like flowers");
    expect(output.interpretations?.[0]).toMatchObject({
      intent: { name: "OrderFlowers" },
      nluConfidence: { score: 0.93 },
    });
    expect(output.requestAttributes).toEqual({ a: "b" });
    expect(output.sessionId).toBe(sessionId);
    const [forwarded] = standIn.requests;
    expect(forwarded?.path).toBe(
      `/bots/${AMAZON.botId}/botAliases/${AMAZON.botAliasId}/botLocales/${AMAZON.localeId}/sessions/${sessionId}/text`,
    );
    expect(JSON.parse(forwarded!.body.toString("utf8"))).toMatchObject({ text: "I would like flowers" });
    expectSignedByServer(forwarded);
  });

  it("forwards audio to RecognizeUtterance and streams the spoken reply back", async () => {
    const audio = new Uint8Array(3200).fill(7);
    const output = await client.send(
      new RecognizeUtteranceCommand({
        ...AMAZON,
        sessionId: newSessionId("voice"),
        requestContentType: "audio/l16; rate=16000; channels=1",
        responseContentType: "audio/mpeg",
        inputStream: audio,
      }),
    );
    expect(output.inputMode).toBe("Speech");
    expect(output.contentType).toBe("audio/mpeg");
    expect(decode(output.inputTranscript)).toBe("i would like flowers");
    expect(Buffer.from(await output.audioStream!.transformToByteArray()).toString()).toBe("FAKE-MPEG-AUDIO");
    const [forwarded] = standIn.requests;
    expect(forwarded?.headers["content-type"]).toBe("audio/l16; rate=16000; channels=1");
    expect(forwarded?.body.equals(Buffer.from(audio))).toBe(true);
    expectSignedByServer(forwarded);
  });

  it("forwards GetSession, PutSession and DeleteSession", async () => {
    const sessionId = newSessionId("manage");
    expect(
      (await client.send(new GetSessionCommand({ ...AMAZON, sessionId }))).sessionState?.intent?.name,
    ).toBe("OrderFlowers");
    const put = await client.send(
      new PutSessionCommand({ ...AMAZON, sessionId, sessionState: { sessionAttributes: { x: "y" } } }),
    );
    expect(decode(put.sessionState)).toEqual({ sessionAttributes: { x: "y" } });
    expect(await client.send(new DeleteSessionCommand({ ...AMAZON, sessionId }))).toMatchObject({
      ...AMAZON,
      sessionId,
    });
    expect(standIn.requests.map((request) => request.method)).toEqual(["GET", "POST", "DELETE"]);
    for (const request of standIn.requests) expectSignedByServer(request);
  });

  it("passes Lex's errors on with their type and status", async () => {
    await expect(
      client.send(new GetSessionCommand({ ...AMAZON, sessionId: newSessionId("missing") })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    const error = await client
      .send(new RecognizeTextCommand({ ...AMAZON, sessionId: newSessionId("throttle"), text: "hi" }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ThrottlingException);
    expect((error as ThrottlingException).$metadata.httpStatusCode).toBe(429);
  });

  it("serves only the configured bot: other ids never reach Amazon Lex", async () => {
    await expect(
      client.send(
        new RecognizeTextCommand({ ...AMAZON, botId: "OTHERBOT01", sessionId: newSessionId(), text: "hi" }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(
      client.send(
        new RecognizeTextCommand({ ...AMAZON, localeId: "en_US", sessionId: newSessionId(), text: "hi" }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    expect(standIn.requests).toHaveLength(0);
  });

  it("answers BadGatewayException when Amazon Lex cannot be reached", async () => {
    const down = await createTestDatabase();
    // A port where nothing listens: the stand-in's, after it is closed.
    const gone = await startLexStandIn();
    await gone.close();
    const app = await listen(createTestApp(down, { settings: settings(gone.url) }).app);
    const unreachable = lexClient(app.url);
    try {
      const error = await unreachable
        .send(new RecognizeTextCommand({ ...AMAZON, sessionId: newSessionId(), text: "hi" }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BadGatewayException);
      expect((error as BadGatewayException).$metadata.httpStatusCode).toBe(502);
    } finally {
      unreachable.destroy();
      await app.close();
      await down.close();
    }
  });
});
