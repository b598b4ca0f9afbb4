/**
 * Who answers the bot API: the built-in assistant (default), or Amazon Lex V2 when LEX_BOT_ID,
 * LEX_BOT_ALIAS_ID and AWS_REGION are set.
 */
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import type { BotProvider, VoiceSupport } from "./bot-provider";
import { builtinProvider } from "./builtin-provider.server";
import { lexProvider } from "./lex-provider.server";

/** The provider the settings ask for. */
export function createBotProvider(db: Database, env: Environment, voice: VoiceSupport): BotProvider {
  if (env.bot.provider !== "lex" || !env.AWS_REGION)
    return builtinProvider(db, { agencyZone: env.AGENCY_TZ, voice });
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: env.AWS_ACCESS_KEY_ID,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
        }
      : undefined;
  return lexProvider(db, {
    region: env.AWS_REGION,
    botId: env.bot.botId,
    botAliasId: env.bot.botAliasId,
    localeId: env.bot.localeId,
    endpoint: env.LEX_ENDPOINT,
    credentials,
  });
}
