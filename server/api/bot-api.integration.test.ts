// The bot API against the official Lex V2 runtime client, over real HTTP, on the test database.
import {
  DeleteSessionCommand,
  GetSessionCommand,
  PutSessionCommand,
  RecognizeTextCommand,
  type RecognizeTextCommandOutput,
  RecognizeUtteranceCommand,
  ResourceNotFoundException,
  ThrottlingException,
  ValidationException,
} from "@aws-sdk/client-lex-runtime-v2";
import { botSessions, inquiries, outbox } from "@db/schema";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { faq, faqAnswer } from "~/content/faq";
import { firstCycleOffer } from "~/content/offers";
import { services } from "~/content/services";
import { site } from "~/content/site";
import { LIMITS } from "~/lib/lex-wire";
import {
  BOT,
  decodeHeader as decode,
  encodeHeader as encode,
  expectLexError,
  lexClient,
  lexSuite,
  listen,
  newSessionId,
} from "../../tests/setup/bot";
import { CONSULTATION_SLOTS, consultationAnswers } from "../../tests/setup/consultation-answers";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";

// Every test here opens its sessions from one address; the limit on new ones is tested on its own.
const SETTINGS = {
  RATE_LIMIT_FORMS_PER_MINUTE: "100",
  RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "10000",
  AGENCY_EMAIL: "team@example.com",
  AGENCY_PHONE: "+1 (212) 555-0142",
};

const suite = lexSuite(() => ({ settings: SETTINGS }));

function say(
  text: string,
  sessionId: string,
  extra: Partial<{ sessionState: object; requestAttributes: Record<string, string> }> = {},
) {
  return suite.client.send(new RecognizeTextCommand({ ...BOT, sessionId, text, ...extra } as never));
}

function contentOf(output: {
  messages?: Array<{ content?: string; imageResponseCard?: { buttons?: Array<{ text?: string }> } }>;
}) {
  return (output.messages ?? [])
    .map(
      (message) =>
        message.content ?? message.imageResponseCard?.buttons?.map((button) => button.text).join(" | ") ?? "",
    )
    .join("\n");
}

async function inquiryCount(): Promise<number> {
  const [row] = await suite.database.db.select({ total: count() }).from(inquiries);
  return row?.total ?? 0;
}

const sessionPath = (sessionId: string, suffix = "") =>
  `/bots/${BOT.botId}/botAliases/${BOT.botAliasId}/botLocales/${BOT.localeId}/sessions/${sessionId}${suffix}`;

async function raw(path: string, init: RequestInit = {}) {
  return fetch(`${suite.server.url}${path}`, init);
}

const CONSULTATION = [
  "I'd like a free consultation",
  ...consultationAnswers({ services: "Digital Marketing and Bookkeeping", preferredTime: "any time" }),
];

describe("RecognizeText", () => {
  it("greets, with interpretations, sentiment and a closed dialog, in Lex's shape", async () => {
    const sessionId = newSessionId();
    const output = await say("Hello!", sessionId, { requestAttributes: { channel: "test" } });
    expect(output.$metadata.httpStatusCode).toBe(200);
    expect(output.sessionId).toBe(sessionId);
    expect(output.requestAttributes).toEqual({ channel: "test" });
    expect(contentOf(output)).toContain(site.name);
    expect(output.sessionState).toMatchObject({
      dialogAction: { type: "Close" },
      intent: { name: "Greeting", state: "Fulfilled", confirmationState: "None" },
    });
    const [top, ...others] = output.interpretations ?? [];
    expect(top).toMatchObject({
      intent: { name: "Greeting" },
      nluConfidence: { score: 1 },
      interpretationSource: "Lex",
    });
    expect(top?.sentimentResponse?.sentiment).toMatch(/^(POSITIVE|NEGATIVE|NEUTRAL|MIXED)$/);
    expect(Object.keys(top?.sentimentResponse?.sentimentScore ?? {}).sort()).toEqual([
      "mixed",
      "negative",
      "neutral",
      "positive",
    ]);
    expect(others.map((interpretation) => interpretation.intent?.name)).toContain("FallbackIntent");
    expect(output.interpretations!.length).toBeLessThanOrEqual(5);
    // Quick replies are Lex ImageResponseCards.
    const cardMessage = output.messages?.find((message) => message.contentType === "ImageResponseCard");
    expect(cardMessage?.imageResponseCard?.buttons?.length).toBeGreaterThan(0);
  });

  it.each([
    ["Do you have a referral program?", "$150"],
    ["Which days do your assistants work?", "Monday to Friday"],
    ["Is there a setup fee?", "no setup fee"],
    ["When do plan changes take effect?", "start of the following month"],
    ["What if my assistant is not the right fit?", "no additional cost"],
    // The agency's details from the settings, not a demo value.
    ["How do I contact support?", `E-mail us at ${SETTINGS.AGENCY_EMAIL}`],
    ["How do I contact support?", `call ${SETTINGS.AGENCY_PHONE}`],
  ])("answers %j with the FAQ's fact (%s)", async (question, fact) => {
    const output = await say(question, newSessionId());
    expect(contentOf(output)).toContain(fact);
    expect(output.interpretations?.[0]?.intent?.name).toMatch(/^Faq/);
  });

  it("gives every FAQ answer word for word from the site's content", async () => {
    for (const item of faq) {
      const answer = faqAnswer(item, { email: SETTINGS.AGENCY_EMAIL });
      expect(contentOf(await say(item.question, newSessionId()))).toContain(answer);
    }
  });

  it("lists the five services with links, and each service's parts", async () => {
    const overview = contentOf(await say("What services do you offer?", newSessionId()));
    for (const service of services) expect(overview).toContain(`[${service.title}](${service.path})`);
    expect(overview).toContain(firstCycleOffer);

    const output = await say("Tell me about bookkeeping", newSessionId());
    const details = contentOf(output);
    expect(details).toContain("(/service3)");
    for (const sub of services[2]!.subServices) expect(details).toContain(sub.title);
    expect(output.sessionState?.intent?.slots?.service?.value?.interpretedValue).toBe("Bookkeeping");
  });

  it("mentions the first-cycle offer when asked about prices", async () => {
    expect(contentOf(await say("Do you have any discounts?", newSessionId()))).toContain(firstCycleOffer);
  });

  it("finds consultants by speciality, with the listing's link", async () => {
    const output = await say("I need a tax consultant", newSessionId());
    expect(contentOf(output)).toContain("(/consultant/tax)");
    expect(output.sessionState?.intent).toMatchObject({ name: "FindConsultant" });
    expect(output.sessionState?.intent?.slots?.speciality?.value?.interpretedValue).toBe("Tax Consultants");
  });

  it("sends visitors who say they are signed in to the consultants, others to log in", async () => {
    const signedIn = await say("How do I book an appointment?", newSessionId(), {
      sessionState: { sessionAttributes: { signedIn: "true" } },
    });
    expect(contentOf(signedIn)).toContain("(/my-appointments)");
    expect(contentOf(signedIn)).not.toContain("(/login)");
    expect(signedIn.sessionState?.sessionAttributes).toEqual({ signedIn: "true" });
    expect(contentOf(await say("How do I book an appointment?", newSessionId()))).toContain("(/login)");
  });

  it("falls back with quick replies, and hears a complaint as negative", async () => {
    const output = await say("this is terrible and useless", newSessionId());
    expect(output.interpretations?.[0]).toMatchObject({ intent: { name: "FallbackIntent" } });
    expect(output.interpretations?.[0]?.nluConfidence).toBeUndefined();
    expect(output.interpretations?.[0]?.sentimentResponse?.sentiment).toBe("NEGATIVE");
    expect(output.sessionState?.dialogAction?.type).toBe("ElicitIntent");
    expect(contentOf(output)).toContain("Talk to a person");
  });
});

describe("the consultation-request dialog", () => {
  it("elicits each slot, confirms, then stores exactly one inquiry and queues its two e-mails", async () => {
    const sessionId = newSessionId("consult");
    const before = await inquiryCount();
    let output: RecognizeTextCommandOutput | undefined;
    const elicited: string[] = [];
    for (const text of CONSULTATION) {
      output = await say(text, sessionId);
      if (output.sessionState?.dialogAction?.type === "ElicitSlot") {
        elicited.push(output.sessionState.dialogAction.slotToElicit ?? "");
      }
    }
    expect(elicited).toEqual(CONSULTATION_SLOTS);
    expect(output?.sessionState?.dialogAction?.type).toBe("ConfirmIntent");
    expect(contentOf(output!)).toContain("ada@example.com");
    expect(await inquiryCount()).toBe(before);

    const done = await say("yes", sessionId);
    expect(done.sessionState?.intent).toMatchObject({
      name: "RequestConsultation",
      state: "Fulfilled",
      confirmationState: "Confirmed",
    });
    expect(await inquiryCount()).toBe(before + 1);

    const [stored] = await suite.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.email, "ada@example.com"));
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      phone: "+442079460958",
      requiredServices: ["Digital Marketing", "Bookkeeping"],
      businessType: "Startup",
      industry: "Tech",
      timezone: "GMT",
    });
    const mails = await suite.database.db.select().from(outbox);
    expect(
      mails.filter((mail) => mail.kind === "contact-inquiry" && mail.recipient === "team@example.com"),
    ).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.kind === "contact-acknowledgement" && mail.recipient === "ada@example.com"),
    ).toHaveLength(1);

    // Saying yes again, or repeating the request with the same state, sends nothing more.
    await say("yes", sessionId);
    expect(await inquiryCount()).toBe(before + 1);
  });

  it("stores nothing when the visitor says no", async () => {
    const sessionId = newSessionId("deny");
    const before = await inquiryCount();
    for (const text of CONSULTATION) await say(text, sessionId);
    const output = await say("no", sessionId);
    expect(output.sessionState?.intent).toMatchObject({ state: "Failed", confirmationState: "Denied" });
    expect(await inquiryCount()).toBe(before);
  });

  it("leaves a message for a person as an inquiry with neutral list values", async () => {
    const sessionId = newSessionId("handoff");
    for (const text of [
      "I'd like to talk to a person",
      "Grace Hopper",
      "grace@example.com",
      "(212) 456-7890",
      "Project Management",
      "Please call me about a large project.",
    ]) {
      await say(text, sessionId);
    }
    const done = await say("yes", sessionId);
    expect(done.sessionState?.intent).toMatchObject({ name: "TalkToPerson", state: "Fulfilled" });
    const [stored] = await suite.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.email, "grace@example.com"));
    expect(stored).toMatchObject({ businessType: "Other", industry: "Other", timezone: "Other" });
    expect(stored?.message).toContain("Please call me about a large project.");
  });

  it("never creates an inquiry from a state set by a client without a confirmed turn", async () => {
    const sessionId = newSessionId("forged");
    const before = await inquiryCount();
    const confirmed = {
      dialogAction: { type: "Close" },
      intent: {
        name: "RequestConsultation",
        state: "ReadyForFulfillment",
        confirmationState: "Confirmed",
        slots: { email: { value: { interpretedValue: "eve@example.com" } } },
      },
    };
    await suite.client.send(new PutSessionCommand({ ...BOT, sessionId, sessionState: confirmed } as never));
    await say("hello", sessionId, { sessionState: confirmed });
    await say("yes", sessionId);
    expect(await inquiryCount()).toBe(before);
  });
});

describe("GetSession, PutSession and DeleteSession", () => {
  it("gets the state and the last turn, puts a state that the next turn continues, and deletes", async () => {
    const sessionId = newSessionId("session");
    await say("I'd like a free consultation", sessionId);
    const got = await suite.client.send(new GetSessionCommand({ ...BOT, sessionId }));
    expect(got.sessionId).toBe(sessionId);
    expect(got.sessionState?.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "name" });
    expect(got.messages?.[0]?.content).toMatch(/name/);
    expect(got.interpretations?.[0]?.intent?.name).toBe("RequestConsultation");

    const put = await suite.client.send(
      new PutSessionCommand({
        ...BOT,
        sessionId,
        sessionState: {
          dialogAction: { type: "ElicitSlot", slotToElicit: "email" },
          intent: { name: "RequestConsultation", slots: { name: { value: { interpretedValue: "Ada" } } } },
          sessionAttributes: { signedIn: "false" },
        },
        responseContentType: "text/plain; charset=utf-8",
      }),
    );
    expect(put.$metadata.httpStatusCode).toBe(200);
    expect(put.contentType).toBe("text/plain; charset=utf-8");
    expect(put.sessionId).toBe(sessionId);
    const messages = decode(put.messages) as Array<{ content: string }>;
    expect(messages[0]?.content).toMatch(/e-mail/);
    expect(decode(put.sessionState)).toMatchObject({
      dialogAction: { type: "ElicitSlot", slotToElicit: "email" },
    });
    expect(await put.audioStream?.transformToByteArray()).toHaveLength(0);

    const next = await say("ada@example.com", sessionId);
    expect(next.sessionState?.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "phone" });
    expect(next.sessionState?.intent?.slots?.name?.value?.interpretedValue).toBe("Ada");

    const deleted = await suite.client.send(new DeleteSessionCommand({ ...BOT, sessionId }));
    expect(deleted).toMatchObject({ ...BOT, sessionId });
    await expectLexError(
      suite.client.send(new GetSessionCommand({ ...BOT, sessionId })),
      ResourceNotFoundException,
      404,
    );
    await expectLexError(
      suite.client.send(new DeleteSessionCommand({ ...BOT, sessionId })),
      ResourceNotFoundException,
      404,
    );
  });

  it("answers ResourceNotFoundException for a session that never existed", async () => {
    await expectLexError(
      suite.client.send(new GetSessionCommand({ ...BOT, sessionId: newSessionId() })),
      ResourceNotFoundException,
      404,
    );
  });

  it.each([
    ["an unknown dialog action", { dialogAction: { type: "Jump" } }],
    ["an unknown intent", { intent: { name: "OrderPizza" } }],
    [
      "a slot the intent lacks",
      { intent: { name: "RequestConsultation", slots: { shoeSize: { value: { interpretedValue: "42" } } } } },
    ],
    [
      "a slot value the dialog refuses",
      { intent: { name: "RequestConsultation", slots: { email: { value: { interpretedValue: "no" } } } } },
    ],
    [
      "ElicitSlot without a slot",
      { dialogAction: { type: "ElicitSlot" }, intent: { name: "RequestConsultation" } },
    ],
    ["an intent without a name", { intent: { slots: {} } }],
    ["a non-string session attribute", { sessionAttributes: { signedIn: true } }],
  ])("refuses a PutSession with %s as a ValidationException", async (_label, sessionState) => {
    await expectLexError(
      suite.client.send(new PutSessionCommand({ ...BOT, sessionId: newSessionId(), sessionState } as never)),
      ValidationException,
      400,
    );
  });

  it("refuses malformed PutSession bodies and audio responses with 4xx Lex errors", async () => {
    for (const body of ["{not json", "[]", JSON.stringify({ sessionState: "yes" }), JSON.stringify({})]) {
      const response = await raw(sessionPath(newSessionId()), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
      expect(await response.json()).toHaveProperty("message");
    }
    await expectLexError(
      suite.client.send(
        new PutSessionCommand({
          ...BOT,
          sessionId: newSessionId(),
          sessionState: {},
          responseContentType: "audio/mpeg",
        }),
      ),
      ValidationException,
      400,
    );
  });
});

describe("RecognizeUtterance", () => {
  it("takes text with Lex's compressed headers and answers in them", async () => {
    const sessionId = newSessionId("utterance");
    const output = await suite.client.send(
      new RecognizeUtteranceCommand({
        ...BOT,
        sessionId,
        requestContentType: "text/plain; charset=utf-8",
        responseContentType: "text/plain; charset=utf-8",
        inputStream: new TextEncoder().encode("Do you have a referral program?"),
        sessionState: encode({ sessionAttributes: { signedIn: "false" } }),
        requestAttributes: encode({ channel: "voice-test" }),
      }),
    );
    expect(output.inputMode).toBe("Text");
    expect(output.sessionId).toBe(sessionId);
    expect(output.contentType).toBe("text/plain; charset=utf-8");
    expect(decode(output.inputTranscript)).toBe("Do you have a referral program?");
    expect(JSON.stringify(decode(output.messages))).toContain("$150");
    expect((decode(output.interpretations) as Array<{ intent: { name: string } }>)[0]?.intent.name).toBe(
      "FaqReferral",
    );
    expect(decode(output.sessionState)).toMatchObject({ sessionAttributes: { signedIn: "false" } });
    expect(decode(output.requestAttributes)).toEqual({ channel: "voice-test" });
  });

  it("refuses headers that are not gzip + base64 JSON, and text that is not UTF-8", async () => {
    await expectLexError(
      suite.client.send(
        new RecognizeUtteranceCommand({
          ...BOT,
          sessionId: newSessionId(),
          requestContentType: "text/plain; charset=utf-8",
          inputStream: new TextEncoder().encode("hello"),
          sessionState: "not base64 at all!",
        }),
      ),
      ValidationException,
      400,
    );
    const response = await raw(sessionPath(newSessionId(), "/utterance"), {
      method: "POST",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
      body: new Uint8Array([0xff, 0xfe, 0x00, 0xc3]),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
  });
});

describe("what Lex refuses", () => {
  it.each([
    ["empty text", { text: "" }],
    ["text over 1,024 characters", { text: "a".repeat(1025) }],
    ["text with a NUL character", { text: "hello\u0000world" }],
    ["text with half a character", { text: "hello \ud800" }],
  ])("refuses %s with a ValidationException", async (_label, input) => {
    await expectLexError(
      suite.client.send(new RecognizeTextCommand({ ...BOT, sessionId: newSessionId(), ...input })),
      ValidationException,
      400,
    );
  });

  it("accepts text of exactly 1,024 characters", async () => {
    const output = await say(`referral ${"x".repeat(1015)}`, newSessionId());
    expect(output.$metadata.httpStatusCode).toBe(200);
  });

  it.each([
    ["a one-character session id", { sessionId: "a" }],
    ["a 101-character session id", { sessionId: "s".repeat(101) }],
    ["a session id with a space", { sessionId: "bad id" }],
    ["a session id with a slash", { sessionId: "bad/id" }],
    ["a lower-case bot id", { botId: "vahubbot01" }],
    ["a short alias id", { botAliasId: "TSTALIAS" }],
    ["a locale that is not a locale", { localeId: "english" }],
  ])("refuses %s with a ValidationException", async (_label, ids) => {
    await expectLexError(
      suite.client.send(new RecognizeTextCommand({ ...BOT, sessionId: newSessionId(), text: "hi", ...ids })),
      ValidationException,
      400,
    );
  });

  it("answers ResourceNotFoundException for a locale the assistant does not speak", async () => {
    await expectLexError(
      suite.client.send(
        new RecognizeTextCommand({ ...BOT, localeId: "fr_FR", sessionId: newSessionId(), text: "bonjour" }),
      ),
      ResourceNotFoundException,
      404,
    );
  });

  it("refuses malformed, binary and oversized bodies, empty ids and unknown paths, never with a 5xx", async () => {
    const cases: Array<[string, RequestInit, number, string]> = [
      [
        sessionPath(newSessionId(), "/text"),
        { method: "POST", body: '{"text":' },
        400,
        "ValidationException",
      ],
      [
        sessionPath(newSessionId(), "/text"),
        { method: "POST", body: new Uint8Array([0x7b, 0xff, 0x7d]) },
        400,
        "ValidationException",
      ],
      [
        sessionPath(newSessionId(), "/text"),
        { method: "POST", body: JSON.stringify({ text: 42 }) },
        400,
        "ValidationException",
      ],
      [
        sessionPath(newSessionId(), "/text"),
        { method: "POST", body: JSON.stringify({ text: "x".repeat(70_000) }) },
        400,
        "ValidationException",
      ],
      [
        sessionPath(newSessionId(), "/text"),
        { method: "POST", body: JSON.stringify({ text: "hi", sessionState: { intent: 5 } }) },
        400,
        "ValidationException",
      ],
      [
        sessionPath("", "/text"),
        { method: "POST", body: JSON.stringify({ text: "hi" }) },
        400,
        "ValidationException",
      ],
      [
        sessionPath(newSessionId(), "/conversation"),
        { method: "POST", body: "" },
        400,
        "ValidationException",
      ],
      [`/bots/${BOT.botId}/nowhere`, { method: "GET" }, 404, "UnknownOperationException"],
    ];
    for (const [path, init, status, type] of cases) {
      const response = await raw(path, { ...init, headers: { "Content-Type": "application/json" } });
      expect(response.status, `${init.method} ${path}`).toBe(status);
      expect(response.headers.get("x-amzn-errortype")).toBe(
        `${type}:http://internal.amazon.com/coral/com.amazonaws.deepsense.runtimeservice/`,
      );
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
  });
});

/** A session state of exactly `bytes` bytes as JSON: seventeen attributes of up to 1,024 characters. */
function stateOfBytes(bytes: number, fill: string) {
  const names = Array.from({ length: 17 }, (_, index) => `pad${String(index).padStart(2, "0")}`);
  const empty = Buffer.byteLength(
    JSON.stringify({ sessionAttributes: Object.fromEntries(names.map((name) => [name, ""])) }),
  );
  let left = bytes - empty;
  const sessionAttributes: Record<string, string> = {};
  for (const name of names) {
    const length = Math.min(1024, Math.max(0, left));
    sessionAttributes[name] = fill.repeat(length);
    left -= length;
  }
  const state = { sessionAttributes };
  expect(Buffer.byteLength(JSON.stringify(state))).toBe(bytes);
  return state;
}

/** A raw call with a JSON body, as any HTTP client could make it. */
function postJson(path: string, body: unknown) {
  return raw(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function expectStateTooLarge(response: Response, message: RegExp) {
  expect(response.status).toBe(400);
  expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
  expect(((await response.json()) as { message: string }).message).toMatch(message);
}

describe("the cap on a session's state", () => {
  const overCap = new RegExp(`'sessionState'.*at most ${LIMITS.sessionStateBytes} bytes`);

  it("takes a PutSession state of exactly 16 KB, refuses one byte more and keeps the state it had", async () => {
    const sessionId = newSessionId("state-cap");
    const atCap = stateOfBytes(LIMITS.sessionStateBytes, "x");
    const put = await suite.client.send(new PutSessionCommand({ ...BOT, sessionId, sessionState: atCap }));
    expect(put.$metadata.httpStatusCode).toBe(200);

    await expectStateTooLarge(
      await postJson(sessionPath(sessionId), {
        sessionState: stateOfBytes(LIMITS.sessionStateBytes + 1, "y"),
      }),
      overCap,
    );
    const kept = await suite.client.send(new GetSessionCommand({ ...BOT, sessionId }));
    expect(kept.sessionState?.sessionAttributes).toEqual(atCap.sessionAttributes);
  });

  it("refuses an over-cap state on a new session, by PutSession or RecognizeText, and stores no session", async () => {
    const tooLarge = stateOfBytes(LIMITS.sessionStateBytes + 1, "y");
    const byPut = newSessionId("state-cap-put");
    await expectStateTooLarge(await postJson(sessionPath(byPut), { sessionState: tooLarge }), overCap);
    const byText = newSessionId("state-cap-text");
    await expectStateTooLarge(
      await postJson(sessionPath(byText, "/text"), { text: "hello", sessionState: tooLarge }),
      overCap,
    );
    for (const sessionId of [byPut, byText]) {
      await expectLexError(
        suite.client.send(new GetSessionCommand({ ...BOT, sessionId })),
        ResourceNotFoundException,
        404,
      );
    }
  });

  it("refuses a turn whose merged session attributes outgrow the cap, keeping the previous turn", async () => {
    const sessionId = newSessionId("state-grows");
    const first = stateOfBytes(9 * 1024, "a");
    expect((await say("hello", sessionId, { sessionState: first })).$metadata.httpStatusCode).toBe(200);

    // Each half is under the cap, but the attributes merge with the stored ones into more than 16 KB.
    const second = {
      sessionAttributes: Object.fromEntries(
        Object.entries(stateOfBytes(9 * 1024, "b").sessionAttributes).map(([name, value]) => [
          `more${name}`,
          value,
        ]),
      ),
    };
    await expectStateTooLarge(
      await postJson(sessionPath(sessionId, "/text"), {
        text: "what services do you offer",
        sessionState: second,
      }),
      /The conversation's state grew too large\. Please start over\./,
    );
    const kept = await suite.client.send(new GetSessionCommand({ ...BOT, sessionId }));
    expect(kept.sessionState?.sessionAttributes).toEqual(first.sessionAttributes);
    expect(kept.interpretations?.[0]?.intent?.name).toBe("Greeting");
  });
});

describe("limits and persistence", () => {
  it("throttles a session past its messages a minute, with Retry-After", async () => {
    const limited = await createTestDatabase();
    const limitedServer = await listen(
      createTestApp(limited, { settings: { RATE_LIMIT_BOT_PER_MINUTE: "3" } }).app,
    );
    const limitedClient = lexClient(limitedServer.url);
    try {
      const sessionId = newSessionId("throttle");
      for (let turn = 0; turn < 3; turn += 1) {
        await limitedClient.send(new RecognizeTextCommand({ ...BOT, sessionId, text: "hi" }));
      }
      const error = await expectLexError(
        limitedClient.send(new RecognizeTextCommand({ ...BOT, sessionId, text: "hi" })),
        ThrottlingException,
        429,
      );
      expect(error.message).toMatch(/3 messages a minute/);
      const response = await fetch(`${limitedServer.url}${sessionPath(sessionId, "/text")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: "hi" }),
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another session is not affected.
      const other = await limitedClient.send(
        new RecognizeTextCommand({ ...BOT, sessionId: newSessionId(), text: "hi" }),
      );
      expect(other.$metadata.httpStatusCode).toBe(200);
    } finally {
      limitedClient.destroy();
      await limitedServer.close();
      await limited.close();
    }
  });

  it("keeps a dialog across a server restart (the state lives in the database)", async () => {
    const sessionId = newSessionId("restart");
    const first = await listen(createTestApp(suite.database, { settings: SETTINGS }).app);
    const firstClient = lexClient(first.url);
    await firstClient.send(
      new RecognizeTextCommand({ ...BOT, sessionId, text: "I'd like a free consultation" }),
    );
    await firstClient.send(new RecognizeTextCommand({ ...BOT, sessionId, text: "Ada" }));
    firstClient.destroy();
    await first.close();

    const second = await listen(createTestApp(suite.database, { settings: SETTINGS }).app);
    const secondClient = lexClient(second.url);
    try {
      const output = await secondClient.send(
        new RecognizeTextCommand({ ...BOT, sessionId, text: "ada@example.org" }),
      );
      expect(output.sessionState?.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "phone" });
      expect(output.sessionState?.intent?.slots?.name?.value?.interpretedValue).toBe("Ada");
    } finally {
      secondClient.destroy();
      await second.close();
    }
  });

  it("forgets a session once it has been idle past its expiry", async () => {
    const sessionId = newSessionId("idle");
    await say("I'd like a free consultation", sessionId);
    await suite.database.db
      .update(botSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(botSessions.sessionId, sessionId));
    await expectLexError(
      suite.client.send(new GetSessionCommand({ ...BOT, sessionId })),
      ResourceNotFoundException,
      404,
    );
    const output = await say("Ada", sessionId);
    // A new conversation: "Ada" is not taken as a name for an old request.
    expect(output.sessionState?.intent?.name).not.toBe("RequestConsultation");
  });
});

describe("who may use a session", () => {
  /** A browser: it sends Sec-Fetch-Site, and its cookie once it has one. */
  function browserCall(cookie: string | undefined, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set("Sec-Fetch-Mode", "cors");
    headers.set("Sec-Fetch-Site", "same-origin");
    if (cookie) headers.set("Cookie", cookie);
    return raw(path, { ...init, headers });
  }
  const sayAs = (cookie: string | undefined, sessionId: string, text: string) =>
    browserCall(cookie, sessionPath(sessionId, "/text"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text }),
    });

  it("keeps a browser's conversation, and the details typed into it, from any other caller", async () => {
    const sessionId = newSessionId("owned");
    const opened = await sayAs(undefined, sessionId, "I'd like a free consultation");
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get("set-cookie")?.split(";")[0];
    expect(cookie).toMatch(/^va_bot_browser=[\w-]{43}$/);
    expect(opened.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect((await sayAs(cookie, sessionId, "Ada Lovelace")).status).toBe(200);
    expect((await sayAs(cookie, sessionId, "ada@example.com")).status).toBe(200);

    // Another browser, and a client with no cookie at all (the SDK), find nothing to read or delete...
    const intruder = (await sayAs(undefined, newSessionId(), "hello")).headers
      .get("set-cookie")
      ?.split(";")[0];
    for (const caller of [intruder, undefined]) {
      const read = await browserCall(caller, sessionPath(sessionId));
      expect(read.status).toBe(404);
      expect(await read.text()).not.toContain("ada@example.com");
      expect((await browserCall(caller, sessionPath(sessionId), { method: "DELETE" })).status).toBe(404);
    }
    await expectLexError(
      suite.client.send(new GetSessionCommand({ ...BOT, sessionId })),
      ResourceNotFoundException,
      404,
    );
    // ...and cannot continue or overwrite it.
    const hijack = await sayAs(intruder, sessionId, "yes");
    expect(hijack.status).toBe(403);
    expect(hijack.headers.get("x-amzn-errortype")).toMatch(/^AccessDeniedException:/);
    expect(((await hijack.json()) as { message: string }).message).toBe(
      "This conversation was started in another browser. Please start a new one.",
    );
    const overwrite = await browserCall(intruder, sessionPath(sessionId), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sessionState: { sessionAttributes: {} } }),
    });
    expect(overwrite.status).toBe(403);

    // The owner still reads its conversation, unchanged, and may delete it.
    const own = await browserCall(cookie, sessionPath(sessionId));
    expect(own.status).toBe(200);
    expect(JSON.stringify(await own.json())).toContain("ada@example.com");
    expect((await browserCall(cookie, sessionPath(sessionId), { method: "DELETE" })).status).toBe(200);
  });

  it("lets a client without cookies (an SDK) keep using the sessions it opens", async () => {
    const sessionId = newSessionId("sdk");
    await say("hello", sessionId);
    const again = await say("what services do you offer", sessionId);
    expect(again.sessionId).toBe(sessionId);
    const stored = await suite.client.send(new GetSessionCommand({ ...BOT, sessionId }));
    expect(stored.sessionId).toBe(sessionId);
  });

  it("gives an expired session's id to whoever starts a conversation with it next", async () => {
    const sessionId = newSessionId("reused");
    const first = await sayAs(undefined, sessionId, "hello");
    const firstCookie = first.headers.get("set-cookie")?.split(";")[0];
    await suite.database.db
      .update(botSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(botSessions.sessionId, sessionId));
    const second = await sayAs(undefined, sessionId, "hello");
    expect(second.status).toBe(200);
    const secondCookie = second.headers.get("set-cookie")?.split(";")[0];
    expect((await browserCall(secondCookie, sessionPath(sessionId))).status).toBe(200);
    expect((await browserCall(firstCookie, sessionPath(sessionId))).status).toBe(404);
  });
});

describe("new sessions per address", () => {
  it("refuses a fourth new conversation in an hour from one address, with Retry-After, but not more turns of open ones", async () => {
    const limited = await createTestDatabase();
    const limitedServer = await listen(
      createTestApp(limited, { settings: { RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "3" } }).app,
    );
    const from = (address: string, sessionId: string, text: string) =>
      fetch(`${limitedServer.url}${sessionPath(sessionId, "/text")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify({ text }),
      });
    try {
      const opened = [newSessionId(), newSessionId(), newSessionId()];
      for (const sessionId of opened) expect((await from("198.51.100.20", sessionId, "hi")).status).toBe(200);

      const fourth = await from("198.51.100.20", newSessionId(), "hi");
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get("x-amzn-errortype")).toMatch(/^ThrottlingException:/);
      expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await fourth.json()) as { message: string }).message).toMatch(
        /^Rate exceeded: one address may start 3 conversations an hour\./,
      );
      const put = await fetch(`${limitedServer.url}${sessionPath(newSessionId())}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.20" },
        body: JSON.stringify({ sessionState: { sessionAttributes: {} } }),
      });
      expect(put.status).toBe(429);
      const [stored] = await limited.db.select({ total: count() }).from(botSessions);
      expect(stored?.total).toBe(3);

      // The open conversations go on; another address starts its own.
      expect((await from("198.51.100.20", opened[0]!, "what services do you offer")).status).toBe(200);
      expect((await from("198.51.100.21", newSessionId(), "hi")).status).toBe(200);
    } finally {
      await limitedServer.close();
      await limited.close();
    }
  });
});
