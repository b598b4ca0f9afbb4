/**
 * Pictures are a CPU lever: a pixel bomb is refused from its header, each user may send only so
 * many a minute, only a few are decoded at once, and each decode has a time budget. sharp is
 * wrapped so the test sees every decode (and can hold decodes open, or make them slow) without
 * depending on timings.
 */

import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { action as myProfileAction } from "~/routes/my-profile";
import { createUserWithSession, postForm, profileForm } from "../../../tests/setup/factories";
import { pictureUpload, pixelBombPng, smallPng, storedPicturePaths } from "../../../tests/setup/pictures";
import { answerOf, pageContext } from "../../../tests/setup/route-calls";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { storeProfilePicture } from "./pictures.server";

/** Decodes of uploaded bytes (pictures the tests make from scratch are not counted). */
const decodes = vi.hoisted(() => ({
  started: 0,
  running: 0,
  mostAtOnce: 0,
  /** While set, every decode waits for it before it starts its work. */
  hold: undefined as Promise<void> | undefined,
  /**
   * While set, every decode needs this many seconds: one whose pipeline has a shorter time budget
   * is stopped the way sharp stops it, and one with no budget runs to the end.
   */
  needsSeconds: undefined as number | undefined,
}));

vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const watched = (...args: Parameters<typeof real>) => {
    const pipeline = real(...args);
    if (!(args[0] instanceof Uint8Array)) return pipeline;
    const toBuffer = pipeline.toBuffer.bind(pipeline) as () => Promise<Buffer>;
    const timeout = pipeline.timeout.bind(pipeline);
    let budgetSeconds = 0;
    Object.assign(pipeline, {
      timeout: (options: { seconds: number }) => {
        budgetSeconds = options.seconds;
        return timeout(options);
      },
      toBuffer: async () => {
        decodes.started += 1;
        decodes.running += 1;
        decodes.mostAtOnce = Math.max(decodes.mostAtOnce, decodes.running);
        try {
          await decodes.hold;
          const needs = decodes.needsSeconds;
          if (needs !== undefined && budgetSeconds > 0 && needs > budgetSeconds) {
            // sharp's own error when a decode outruns its budget (vips_error in sharp's src/common.cc).
            throw new Error(`timeout: ${Math.floor((100 * budgetSeconds) / needs)}% complete`);
          }
          return await toBuffer();
        } finally {
          decodes.running -= 1;
        }
      },
    });
    return pipeline;
  };
  return { default: Object.assign(watched, real) };
});

/** While set, no decoding slot comes free in time (the wait itself is tested with the limit). */
const slots = vi.hoisted(() => ({ busy: false }));

vi.mock("~/infra/concurrency-limit.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/infra/concurrency-limit.server")>();
  return {
    createConcurrencyLimit: (size: number) => {
      const limit = real.createConcurrencyLimit(size);
      return {
        acquire: (maxWaitMs: number) => (slots.busy ? Promise.resolve(undefined) : limit.acquire(maxWaitMs)),
      };
    },
  };
});

const PICTURES_PER_MINUTE = 3;
const TOO_MANY_PIXELS =
  "This picture is too large to process (6300 × 6300 pixels). Please choose a smaller copy: a JPEG photo may have up to 50 megapixels, a PNG or WebP picture up to 16.";

const TOO_SLOW = "This picture took too long to process. Please choose a smaller copy of it.";

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let bomb: Uint8Array;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database, {
    settings: { RATE_LIMIT_PICTURES_PER_MINUTE: String(PICTURES_PER_MINUTE) },
  });
  bomb = await pixelBombPng();
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  decodes.hold = undefined;
  decodes.needsSeconds = undefined;
  slots.busy = false;
});

const pageFields = { name: "Ada Lovelace", gender: "Female", dateOfBirth: "1990-12-10" };
const apiFields = { name: "Ada Lovelace", gender: "Female", dob: "1990-12-10" };

/** My Profile's form as a browser posts it, with a picture. */
function profilePost(bytes: Uint8Array): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(pageFields)) form.append(name, value);
  form.append("image", new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
  return new Request(`${testApp.env.publicUrl}/my-profile`, { method: "POST", body: form });
}

async function postToMyProfile(token: string, bytes: Uint8Array) {
  const context = await pageContext(testApp, { token });
  return answerOf<{ error: string; fieldErrors: Record<string, string> }>(() =>
    myProfileAction({ request: profilePost(bytes), context, params: {} } as never),
  );
}

function postToApi(token: string, bytes: Uint8Array): Promise<Response> {
  return postForm(
    testApp.app,
    "/api/user/update-profile",
    profileForm(apiFields, { bytes, name: "me.png", type: "image/png" }),
    { token },
  );
}

describe("a pixel bomb", () => {
  it("is small to send and claims tens of megapixels", async () => {
    expect(bomb.byteLength).toBeLessThan(300 * 1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: "png", width: 6300, height: 6300 });
  });

  it("is refused on My Profile from its header, with the sentence beside the picture, before any decode", async () => {
    const customer = await createUserWithSession(database.db);
    const filesBefore = await storedPicturePaths(database.db);
    const decodesBefore = decodes.started;
    const answer = await postToMyProfile(customer.token, bomb);
    expect(answer.status).toBe(413);
    expect(answer.data.error).toBe(TOO_MANY_PIXELS);
    expect(answer.data.fieldErrors.image).toBe(TOO_MANY_PIXELS);
    expect(decodes.started).toBe(decodesBefore);
    expect(await storedPicturePaths(database.db)).toEqual(filesBefore);
  });

  it("is refused by POST /api/user/update-profile with a 413 and the sentence, before any decode", async () => {
    const customer = await createUserWithSession(database.db);
    const decodesBefore = decodes.started;
    const response = await postToApi(customer.token, bomb);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: TOO_MANY_PIXELS });
    expect(decodes.started).toBe(decodesBefore);
  });

  it("is not what a phone photo is: a 48-megapixel JPEG is taken", async () => {
    const customer = await createUserWithSession(database.db);
    const photo = await sharp({
      create: { width: 8064, height: 6048, channels: 3, background: { r: 90, g: 120, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const response = await postToApi(customer.token, new Uint8Array(photo));
    expect(response.status).toBe(200);
  });
});

describe("the upload allowance per user", () => {
  it("answers the picture past the limit with 429, Retry-After and a sentence, on the API and My Profile", async () => {
    const customer = await createUserWithSession(database.db);
    const picture = await smallPng();
    for (let sent = 0; sent < PICTURES_PER_MINUTE; sent += 1) {
      expect((await postToApi(customer.token, picture)).status).toBe(200);
    }
    const refused = await postToApi(customer.token, picture);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await refused.json()) as { success: boolean; message: string };
    expect(body).toEqual({
      success: false,
      message: `You have sent many pictures in a short time. Please wait ${retryAfter} seconds and try again.`,
    });

    const onTheForm = await postToMyProfile(customer.token, picture);
    expect(onTheForm.status).toBe(429);
    expect(Number(onTheForm.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(onTheForm.data.fieldErrors.image).toMatch(/^You have sent many pictures in a short time\./);

    // Another person's allowance is their own.
    const other = await createUserWithSession(database.db);
    expect((await postToApi(other.token, picture)).status).toBe(200);
  });
});

describe("decoding", () => {
  it("runs at most PICTURE_PROCESSING_CONCURRENCY pictures at once; the others wait their turn", async () => {
    const uploader = await createUserWithSession(database.db);
    const bytes = await smallPng();
    const decodesAtOnce = 2;
    let open!: () => void;
    decodes.hold = new Promise((resolve) => {
      open = resolve;
    });
    decodes.mostAtOnce = 0;
    const startedBefore = decodes.started;

    const uploads = Array.from({ length: 5 }, () =>
      storeProfilePicture(database.db, pictureUpload(bytes, uploader.id, { decodesAtOnce })),
    );
    await vi.waitFor(() => expect(decodes.started - startedBefore).toBe(decodesAtOnce));
    // The held decodes keep their slots: the other three are still waiting, not decoding.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(decodes.started - startedBefore).toBe(decodesAtOnce);

    open();
    const stored = await Promise.all(uploads);
    expect(new Set(stored).size).toBe(5);
    expect(decodes.started - startedBefore).toBe(5);
    expect(decodes.mostAtOnce).toBe(decodesAtOnce);
  });

  it("stops a decode that outruns its time budget: 413 and a sentence, on the API and My Profile, nothing stored", async () => {
    const customer = await createUserWithSession(database.db);
    const picture = await smallPng();
    const filesBefore = await storedPicturePaths(database.db);
    decodes.needsSeconds = 30;

    const response = await postToApi(customer.token, picture);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: TOO_SLOW });
    const onTheForm = await postToMyProfile(customer.token, picture);
    expect(onTheForm.status).toBe(413);
    expect(onTheForm.data.error).toBe(TOO_SLOW);
    expect(onTheForm.data.fieldErrors.image).toBe(TOO_SLOW);
    expect(await storedPicturePaths(database.db)).toEqual(filesBefore);

    // The stopped decodes gave their slots back: the same picture, decoded in time, is taken.
    decodes.needsSeconds = undefined;
    expect((await postToApi(customer.token, picture)).status).toBe(200);
  });

  it("turns a picture away with 429, Retry-After and a sentence when no slot comes free in time", async () => {
    const customer = await createUserWithSession(database.db);
    slots.busy = true;
    const response = await postToApi(customer.token, await smallPng());
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("10");
    expect(await response.json()).toEqual({
      success: false,
      message: "Many pictures are being processed right now. Please try again in a few seconds.",
    });
  });
});
