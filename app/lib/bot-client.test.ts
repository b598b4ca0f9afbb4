import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendAudio } from "./bot-client";

const bot = { botId: "TSTBOTID01", botAliasId: "TSTALIASID", localeId: "en_US" };
const encode = (value: unknown) => gzipSync(JSON.stringify(value)).toString("base64");

function answering(response: Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("sendAudio (RecognizeUtterance)", () => {
  beforeEach(() => vi.stubGlobal("navigator", { onLine: true }));
  afterEach(() => vi.unstubAllGlobals());

  it("posts the WAV with Lex's headers, and reads the transcript, messages and spoken answer", async () => {
    const messages = [{ contentType: "PlainText", content: "A consultation costs $40." }];
    const fetch = answering(
      new Response(new Uint8Array([0xff, 0xfb, 0x90]), {
        headers: {
          "Content-Type": "audio/mpeg",
          "x-amz-lex-input-transcript": encode("how much does a consultation cost"),
          "x-amz-lex-messages": encode(messages),
        },
      }),
    );
    const wav = new Blob([new Uint8Array(44)], { type: "audio/wav" });
    const reply = await sendAudio(bot, "session-1", wav, { signedIn: "false", timeZone: "UTC" });

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/bots/TSTBOTID01/botAliases/TSTALIASID/botLocales/en_US/sessions/session-1/utterance");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(wav);
    const headers = init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("audio/wav");
    expect(headers["Response-Content-Type"]).toBe("audio/mpeg");
    const state = JSON.parse(
      gunzipSync(Buffer.from(headers["x-amz-lex-session-state"]!, "base64")).toString(),
    );
    expect(state).toEqual({ sessionAttributes: { signedIn: "false", timeZone: "UTC" } });

    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.transcript).toBe("how much does a consultation cost");
    expect(reply.messages).toEqual(messages);
    expect(reply.audio?.type).toBe("audio/mpeg");
    expect(reply.audio?.size).toBe(3);
  });

  it("reads an empty transcript and body as not caught, with the bot's answer", async () => {
    const messages = [{ contentType: "PlainText", content: "Sorry, I didn't catch that." }];
    answering(
      new Response(null, {
        headers: { "x-amz-lex-input-transcript": encode(""), "x-amz-lex-messages": encode(messages) },
      }),
    );
    const reply = await sendAudio(bot, "session-1", new Blob([]), {});
    expect(reply).toEqual({ ok: true, transcript: "", messages, audio: null });
  });

  it("says Lex's message for a refused request", async () => {
    answering(
      Response.json(
        { message: "Audio input needs the Amazon Lex provider." },
        { status: 400, headers: { "X-Amzn-Errortype": "ValidationException" } },
      ),
    );
    expect(await sendAudio(bot, "session-1", new Blob([]), {})).toEqual({
      ok: false,
      error: "Audio input needs the Amazon Lex provider.",
    });
  });

  it("says when the assistant could not be reached, or the browser is offline", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await sendAudio(bot, "session-1", new Blob([]), {})).toEqual({
      ok: false,
      error: "The assistant could not be reached. Please try again.",
    });
    vi.stubGlobal("navigator", { onLine: false });
    expect(await sendAudio(bot, "session-1", new Blob([]), {})).toMatchObject({
      ok: false,
      error: /offline/,
    });
  });
});
