import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvironment } from "./env.server";
import { resolveSecrets } from "./secrets.server";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "va-hub-secrets-"));
  folders.push(folder);
  return folder;
}

describe("resolveSecrets", () => {
  it("generates each key once into the data folder and reads the same keys on the next start", () => {
    const env = loadEnvironment({ DATA_DIR: dataFolder() });
    const first = resolveSecrets(env);
    expect(first.generated).toEqual(["session-secret", "encryption-key"]);
    expect(first.secrets.signingKey).toHaveLength(32);
    expect(first.secrets.encryptionKey).toHaveLength(32);

    const again = resolveSecrets(env);
    expect(again.generated).toEqual([]);
    expect(again.secrets).toEqual(first.secrets);
    // Only the keys: no half-written drafts left beside them.
    expect(readdirSync(path.join(env.dataDirectory, "secrets")).sort()).toEqual([
      "encryption-key",
      "session-secret",
    ]);
  });

  it("takes keys from settings without touching the data folder", () => {
    const env = loadEnvironment({
      DATA_DIR: dataFolder(),
      SESSION_SECRET: "s".repeat(32),
      ENCRYPTION_KEY: "ab".repeat(32),
    });
    const { secrets, generated } = resolveSecrets(env);
    expect(generated).toEqual([]);
    expect(secrets.signingKey.toString("utf8")).toBe("s".repeat(32));
    expect(secrets.encryptionKey.toString("hex")).toBe("ab".repeat(32));
  });
});
