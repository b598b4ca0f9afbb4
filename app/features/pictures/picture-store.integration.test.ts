import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { storedPicturePaths } from "../../../tests/setup/pictures";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import {
  findStoredPicture,
  importPictureFolder,
  removeStoredPicture,
  storeWebpPicture,
} from "./picture-store.server";

let database: DatabaseHandle;
const oldFolder = mkdtempSync(path.join(tmpdir(), "va-hub-old-uploads-"));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(oldFolder, { recursive: true, force: true });
});

async function webp(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a6" } })
    .webp()
    .toBuffer();
}

describe("pictures in the shared database", () => {
  it("a picture stored through one host's app is served by another's, with the same bytes", async () => {
    const bytes = await webp();
    const publicPath = await storeWebpPicture(database.db, bytes);
    expect(publicPath).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    // Two apps over one database stand in for two machines behind the balancer.
    for (const host of [createTestApp(database).app, createTestApp(database).app]) {
      const served = await host.request(publicPath);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    }
  });

  it("removes only its own pictures, and never reads a name that is not one it gives", async () => {
    const publicPath = await storeWebpPicture(database.db, await webp());
    await removeStoredPicture(database.db, "/assets/default-portrait.webp");
    expect(await storedPicturePaths(database.db)).toContain(publicPath);
    await removeStoredPicture(database.db, publicPath);
    expect(await storedPicturePaths(database.db)).not.toContain(publicPath);
    expect(await findStoredPicture(database.db, "../secrets.json")).toBeUndefined();
  });
});

describe("pictures from before, in UPLOAD_DIR", () => {
  it("are copied in at start under their names, once, leaving the files and anything else alone", async () => {
    const name = "0b7d3f5e-2c1a-4a61-9d6e-0f1f4bd0e6a1.webp";
    const bytes = await webp();
    writeFileSync(path.join(oldFolder, name), bytes);
    writeFileSync(path.join(oldFolder, "notes.txt"), "not a picture");

    expect(await importPictureFolder(database.db, oldFolder)).toBe(1);
    expect((await findStoredPicture(database.db, name))?.bytes).toEqual(bytes);
    const served = await createTestApp(database).app.request(`/uploads/${name}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);

    // The next start (or another host starting at once) finds nothing new to copy.
    expect(await importPictureFolder(database.db, oldFolder)).toBe(0);
    expect(await findStoredPicture(database.db, "notes.txt")).toBeUndefined();
  });

  it("a folder that does not exist copies nothing", async () => {
    expect(await importPictureFolder(database.db, path.join(oldFolder, "absent"))).toBe(0);
  });
});
