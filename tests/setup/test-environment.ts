import { type Environment, loadEnvironment } from "~/infra/env.server";

/** Settings as a fresh install would have them, with the given overrides. */
export function testEnvironment(overrides: Record<string, string> = {}): Environment {
  return loadEnvironment({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });
}
