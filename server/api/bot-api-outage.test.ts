// The bot API while the database is away: a quick 503 the SDKs retry, never a 500 or a hang.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { BotProvider } from "~/features/bot/bot-provider";
import { DatabaseUnavailableError } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { noPaymentProviders } from "../../tests/setup/receipts";
import { testEnvironment } from "../../tests/setup/test-environment";
import type { ApiEnv } from "./api-env";
import { botApi } from "./bot-api";

const SESSION = "/VAHUBBOT01/botAliases/TSTALIASID/botLocales/en_US/sessions/outage-session";

function appWhoseDatabaseIsAway(): Hono<ApiEnv> {
  const away = () => Promise.reject(new DatabaseUnavailableError("the database did not answer in time"));
  const provider = {
    kind: "builtin",
    hears: false,
    recognizeText: away,
    recognizeUtterance: away,
    putSession: away,
    getSession: away,
    deleteSession: away,
  } satisfies BotProvider;
  const app = new Hono<ApiEnv>();
  app.use(async (context, next) => {
    context.set("env", testEnvironment());
    context.set("logger", createLogger("silent"));
    context.set("requestId", "test-request");
    context.set("clientAddress", "198.51.100.9");
    context.set("payments", noPaymentProviders());
    await next();
  });
  app.route(
    "/bots",
    botApi({
      provider,
      settingsOf: () => ({ messagesPerMinute: 30, idleSeconds: 60, newSessionsPerHour: 60 }),
    }),
  );
  return app;
}

describe("the bot API during a database outage", () => {
  it("answers every operation 503 with Retry-After and Lex's error shape", async () => {
    const app = appWhoseDatabaseIsAway();
    const calls: Array<[string, string, string?]> = [
      ["POST", `${SESSION}/text`, JSON.stringify({ text: "hello" })],
      ["GET", SESSION],
      ["POST", SESSION, JSON.stringify({ sessionState: {} })],
      ["DELETE", SESSION],
    ];
    for (const [method, path, body] of calls) {
      const response = await app.request(`/bots${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(response.headers.get("x-amzn-errortype")).toMatch(/^InternalServerException:/);
      expect(((await response.json()) as { message: string }).message).toBe(
        "The assistant cannot reach its memory right now. Please try again in a few seconds.",
      );
    }
  });
});
