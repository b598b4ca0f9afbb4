import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { kycSubmissions, sessions, users } from "@db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashToken } from "~/features/accounts/sessions.server";
import { PICTURE_MAX_BYTES, PICTURE_MAX_LABEL, PICTURE_TOO_LARGE } from "~/features/pictures/picture-limits";
import { appSuite } from "../../tests/setup/app-suite";
import {
  countRows,
  expectFailure,
  GOOD_PASSWORD,
  getWith,
  isSentence,
  nextAddress,
  type ProfileFields,
  postForm,
  postJson,
  profileForm,
  type SignedUpUser,
  signUp,
  uniqueEmail,
} from "../../tests/setup/factories";
import { storedPictureBytes, storedPicturePaths } from "../../tests/setup/pictures";

const suite = appSuite();

interface ProfileAnswer {
  success: boolean;
  userData: {
    _id: string;
    name: string;
    email: string;
    phone: string;
    address: { line1: string; line2: string };
    gender: string;
    dob: string;
    image: string;
    role: string;
    kycStatus: string;
  };
}

async function profileOf(token: string): Promise<ProfileAnswer["userData"]> {
  const response = await getWith(suite.app, "/api/user/get-profile", { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as ProfileAnswer).userData;
}

async function userRow(email: string) {
  const [row] = await suite.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

async function accountCounts() {
  return { users: await countRows(suite.db, users), sessions: await countRows(suite.db, sessions) };
}

async function pngBytes(width = 64, height = 48): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();
}

const validProfile = {
  name: "Ada Lovelace",
  phone: "+1 202 555 0143",
  address: { line1: "12 Analytical Street", line2: "Suite 3" },
  gender: "Female",
  dob: "1990-12-10",
} satisfies ProfileFields;

describe("POST /api/user/register", () => {
  it("creates the account, answers 201 with a working token and stores only a scrypt hash", async () => {
    const email = uniqueEmail("new");
    const response = await postJson(suite.app, "/api/user/register", {
      name: "  Grace Hopper ",
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; token: string; message: string };
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      message: "Account created successfully",
    });

    const row = await userRow(email);
    expect(row).toMatchObject({ name: "Grace Hopper", email, role: "investor" });
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(row)).not.toContain(GOOD_PASSWORD);
    // The session row holds the token's hash, never the token.
    const [session] = await suite.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session?.tokenHash).toBe(hashToken(body.token));
    expect(JSON.stringify(session)).not.toContain(body.token);

    expect(await profileOf(body.token)).toMatchObject({ name: "Grace Hopper", email });
  });

  it("keeps the borrower role when it is chosen", async () => {
    const { email } = await signUp(suite.app, { role: "borrower" });
    expect((await userRow(email))?.role).toBe("borrower");
  });

  it("refuses a second account for the same e-mail in any letter case with 409", async () => {
    const { email } = await signUp(suite.app, { email: uniqueEmail("twice") });
    const before = await accountCounts();
    const response = await postJson(suite.app, "/api/user/register", {
      name: "Someone Else",
      email: email.toUpperCase(),
      password: "another decent password",
    });
    const body = await expectFailure(response, 409);
    expect(body.message).toMatch(/already exists/);
    expect(await accountCounts()).toEqual(before);
  });

  it("refuses the admin role at sign-up and creates no account", async () => {
    const email = uniqueEmail("sneaky");
    const before = await accountCounts();
    const response = await postJson(suite.app, "/api/user/register", {
      name: "Mallory",
      email,
      password: GOOD_PASSWORD,
      role: "admin",
    });
    await expectFailure(response, 400);
    expect(await userRow(email)).toBeUndefined();
    expect(await suite.db.select().from(users).where(eq(users.role, "admin"))).toEqual([]);
    expect(await accountCounts()).toEqual(before);
  });

  it("refuses a common password and one under 8 characters", async () => {
    const before = await accountCounts();
    const refusals: [password: string, reason: RegExp][] = [
      ["password123", /common/i],
      ["Xq7!kd2", /at least 8 characters/],
    ];
    for (const [password, reason] of refusals) {
      const refused = await expectFailure(
        await postJson(suite.app, "/api/user/register", { name: "Pat", email: uniqueEmail(), password }),
        400,
      );
      expect(refused.message, password).toMatch(reason);
    }
    expect(await accountCounts()).toEqual(before);
  });

  it("creates one account when two sign-ups for the same e-mail race", async () => {
    const email = uniqueEmail("race");
    const responses = await Promise.all(
      ["First", "Second"].map((name) =>
        postJson(suite.app, "/api/user/register", { name, email, password: GOOD_PASSWORD }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await suite.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("accepts a 200-character password, which then logs in", async () => {
    const password = randomBytes(150).toString("base64").slice(0, 200);
    expect(password).toHaveLength(200);
    const account = await signUp(suite.app, { password });
    const response = await postJson(suite.app, "/api/user/login", { email: account.email, password });
    expect(response.status).toBe(200);
  });

  const invalidRegistrations: [string, Record<string, unknown>][] = [
    ["an empty object", {}],
    ["no name", { email: "x@example.com", password: GOOD_PASSWORD }],
    ["a blank name", { name: "   ", email: "x@example.com", password: GOOD_PASSWORD }],
    [
      "a name over 100 characters",
      { name: "n".repeat(101), email: "x@example.com", password: GOOD_PASSWORD },
    ],
    ["a name that is not text", { name: 42, email: "x@example.com", password: GOOD_PASSWORD }],
    [
      "a name with a NUL character",
      { name: "Pat\u0000Smith", email: "x@example.com", password: GOOD_PASSWORD },
    ],
    ["a name with a line break", { name: "Pat\nSmith", email: "x@example.com", password: GOOD_PASSWORD }],
    ["no e-mail", { name: "Pat", password: GOOD_PASSWORD }],
    ["a malformed e-mail", { name: "Pat", email: "not-an-email", password: GOOD_PASSWORD }],
    [
      "an e-mail over 254 characters",
      { name: "Pat", email: `${"a".repeat(250)}@example.com`, password: GOOD_PASSWORD },
    ],
    ["an e-mail that is not text", { name: "Pat", email: ["x@example.com"], password: GOOD_PASSWORD }],
    ["no password", { name: "Pat", email: "x@example.com" }],
    ["an empty password", { name: "Pat", email: "x@example.com", password: "" }],
    ["a password that is not text", { name: "Pat", email: "x@example.com", password: 12345678901 }],
    ["a password over 256 characters", { name: "Pat", email: "x@example.com", password: "k".repeat(300) }],
    [
      "the e-mail as password",
      { name: "Pat", email: "someone@example.com", password: "someone@example.com" },
    ],
    ["an unknown role", { name: "Pat", email: "x@example.com", password: GOOD_PASSWORD, role: "superuser" }],
    ["a role that is not text", { name: "Pat", email: "x@example.com", password: GOOD_PASSWORD, role: 1 }],
  ];
  it.each(invalidRegistrations)("answers %s with 400 and writes nothing", async (_label, body) => {
    const before = await accountCounts();
    await expectFailure(await postJson(suite.app, "/api/user/register", body), 400);
    expect(await accountCounts()).toEqual(before);
  });

  it.each([
    ["malformed JSON", '{"name": "Pat", "email": '],
    ["a JSON array", '[{"name": "Pat"}]'],
    ["JSON null", "null"],
    ["an empty body", ""],
  ])("answers %s with 400 and writes nothing", async (_label, raw) => {
    const before = await accountCounts();
    await expectFailure(await postJson(suite.app, "/api/user/register", raw), 400);
    expect(await accountCounts()).toEqual(before);
  });
});

describe("POST /api/user/login", () => {
  it("logs in with the right password, in any letter case of the e-mail, and the token works", async () => {
    const account = await signUp(suite.app);
    const response = await postJson(suite.app, "/api/user/login", {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; token: string; message: string };
    expect(body).toEqual({ success: true, token: expect.any(String), message: "Logged in successfully" });
    expect(body.token).not.toBe(account.token);
    expect((await profileOf(body.token)).email).toBe(account.email);
    // Logging in again does not end the earlier session.
    expect((await profileOf(account.token)).email).toBe(account.email);
  });

  it("gives the same 401 for an unknown e-mail and a wrong password", async () => {
    const account = await signUp(suite.app);
    const before = await accountCounts();
    const unknown = await postJson(suite.app, "/api/user/login", {
      email: uniqueEmail("nobody"),
      password: account.password,
    });
    const wrong = await postJson(suite.app, "/api/user/login", {
      email: account.email,
      password: "not the password",
    });
    const unknownBody = await expectFailure(unknown, 401);
    const wrongBody = await expectFailure(wrong, 401);
    expect(unknownBody).toEqual({ success: false, message: "Invalid email or password" });
    expect(wrongBody).toEqual(unknownBody);
    expect(await accountCounts()).toEqual(before);
  });

  it.each([
    ["an empty object", {}],
    ["no e-mail", { password: GOOD_PASSWORD }],
    ["a malformed e-mail", { email: "nope", password: GOOD_PASSWORD }],
    ["no password", { email: "x@example.com" }],
    ["an empty password", { email: "x@example.com", password: "" }],
    ["a password that is not text", { email: "x@example.com", password: { $ne: "" } }],
  ])("answers %s with 400 and starts no session", async (_label, body) => {
    const before = await accountCounts();
    await expectFailure(await postJson(suite.app, "/api/user/login", body), 400);
    expect(await accountCounts()).toEqual(before);
  });

  it("answers malformed JSON with 400", async () => {
    await expectFailure(await postJson(suite.app, "/api/user/login", "{email: x}"), 400);
  });
});

describe("tokens", () => {
  it("accepts the token in the `token` header and as `Authorization: Bearer`", async () => {
    const account = await signUp(suite.app);
    expect((await profileOf(account.token)).email).toBe(account.email);
    const bearer = await getWith(suite.app, "/api/user/get-profile", {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(((await bearer.json()) as ProfileAnswer).userData.email).toBe(account.email);
    // Old clients send `token: ""` when they have none; it must not hide a Bearer token.
    const both = await getWith(suite.app, "/api/user/get-profile", {
      headers: { token: "", Authorization: `bearer ${account.token}` },
    });
    expect(both.status).toBe(200);
  });

  it("answers a missing, wrong or malformed token with 401 and a sentence", async () => {
    await expectFailure(await getWith(suite.app, "/api/user/get-profile"), 401);
    await expectFailure(
      await getWith(suite.app, "/api/user/get-profile", { token: "not-a-real-token" }),
      401,
    );
    await expectFailure(
      await getWith(suite.app, "/api/user/get-profile", { headers: { Authorization: "Bearer " } }),
      401,
    );
    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: "x".repeat(5000) }), 401);
  });

  it("refuses an expired token", async () => {
    const account = await signUp(suite.app);
    await suite.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(account.token)));
    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: account.token }), 401);
  });

  it("logout ends that session only: the token is dead afterwards, other sessions live on", async () => {
    const account = await signUp(suite.app);
    const login = await postJson(suite.app, "/api/user/login", {
      email: account.email,
      password: account.password,
    });
    const other = ((await login.json()) as { token: string }).token;

    const response = await postJson(suite.app, "/api/user/logout", {}, { token: account.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(true);
    expect(isSentence(body.message)).toBe(true);

    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: account.token }), 401);
    await expectFailure(await postJson(suite.app, "/api/user/logout", {}, { token: account.token }), 401);
    expect((await profileOf(other)).email).toBe(account.email);
  });

  it("logout by Bearer token works too, and without a token it is a 401", async () => {
    const account = await signUp(suite.app);
    const response = await postJson(
      suite.app,
      "/api/user/logout",
      {},
      { headers: { Authorization: `Bearer ${account.token}` } },
    );
    expect(response.status).toBe(200);
    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: account.token }), 401);
    await expectFailure(await postJson(suite.app, "/api/user/logout", {}), 401);
  });
});

describe("GET /api/user/get-profile", () => {
  it("answers the userData shape of the old app, with defaults for a new account", async () => {
    const account = await signUp(suite.app, { name: "Linus Pauling" });
    const response = await getWith(suite.app, "/api/user/get-profile", { token: account.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ProfileAnswer;
    const row = await userRow(account.email);
    expect(body).toEqual({
      success: true,
      userData: {
        _id: row!.id,
        name: "Linus Pauling",
        email: account.email,
        phone: "",
        address: { line1: "", line2: "" },
        gender: "Not Selected",
        dob: "",
        // Every account has a picture (DESIGN §4): the default one until the user sends theirs.
        image: `${suite.env.publicUrl}/images/default-avatar.svg`,
        role: "investor",
        kycStatus: "not_submitted",
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });

  it("tells the role and where the KYC check stands, as staff decide it", async () => {
    const account = await signUp(suite.app, { role: "borrower" });
    const kyc = {
      address: "1 Main St",
      phone: "+1 202 555 0143",
      dob: "1990-01-01",
      idNumber: "AB123456789",
    };
    const submitted = await postJson(suite.app, "/api/user/kyc", kyc, { token: account.token });
    expect(submitted.status).toBe(200);
    expect(await profileOf(account.token)).toMatchObject({ role: "borrower", kycStatus: "pending" });
    const row = await userRow(account.email);
    await suite.db
      .update(kycSubmissions)
      .set({ status: "rejected" })
      .where(eq(kycSubmissions.userId, row!.id));
    expect((await profileOf(account.token)).kycStatus).toBe("rejected");
  });
});

describe("POST /api/user/update-profile", () => {
  it("saves the fields, ignoring a userId in the form", async () => {
    const other = await signUp(suite.app, { name: "Other Person" });
    const otherId = (await userRow(other.email))!.id;
    const account = await signUp(suite.app);
    const response = await postForm(
      suite.app,
      "/api/user/update-profile",
      profileForm({ ...validProfile, userId: otherId }),
      {
        token: account.token,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: expect.stringMatching(/updated/i) });

    expect(await profileOf(account.token)).toMatchObject({
      ...validProfile,
      email: account.email,
      image: `${suite.env.publicUrl}/images/default-avatar.svg`,
    });
    expect(await profileOf(other.token)).toMatchObject({
      name: "Other Person",
      phone: "",
      gender: "Not Selected",
    });
  });

  /**
   * Sends the valid profile with `picture` as the account's update, which must succeed: the address
   * of the picture the profile now shows, and the file stored for it.
   */
  async function uploadPicture(token: string, picture: { bytes: Uint8Array; name: string; type: string }) {
    const response = await postForm(
      suite.app,
      "/api/user/update-profile",
      profileForm(validProfile, picture),
      { token },
    );
    expect(response.status).toBe(200);
    const { image } = await profileOf(token);
    return { image, storedPath: new URL(image).pathname };
  }

  it("stores a PNG picture as a 256×256 WebP served back with a long cache lifetime", async () => {
    const account = await signUp(suite.app);
    const before = await storedPicturePaths(suite.db);
    const { image } = await uploadPicture(account.token, {
      bytes: await pngBytes(300, 120),
      name: "me.png",
      type: "image/png",
    });
    expect(image).toMatch(/^http:\/\/localhost:3000\/uploads\/[\w-]+\.webp$/);
    const added = (await storedPicturePaths(suite.db)).filter((name) => !before.includes(name));
    expect(added).toEqual([new URL(image).pathname]);

    const stored = await sharp(await storedPictureBytes(suite.db, added[0]!)).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 256, height: 256 });

    const served = await suite.app.request(new URL(image).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    const servedMeta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(servedMeta).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("strips EXIF metadata from a JPEG picture", async () => {
    const account = await signUp(suite.app);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Private camera owner", ImageDescription: "Taken at 1 Secret Lane" } })
      .toBuffer();
    // The picture really carries EXIF before upload, so the check below means something.
    expect((await sharp(jpeg).metadata()).exif?.toString("latin1")).toContain("Secret Lane");

    const { storedPath } = await uploadPicture(account.token, {
      bytes: jpeg,
      name: "holiday.jpg",
      type: "image/jpeg",
    });
    const bytes = (await storedPictureBytes(suite.db, storedPath))!;
    const stored = await sharp(bytes).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(bytes.toString("latin1")).not.toContain("Secret Lane");
    expect(bytes.toString("latin1")).not.toContain("Private camera owner");
  });

  it("keeps the picture when none is sent, and replaces it (deleting the old file) when a new one is", async () => {
    const account = await signUp(suite.app);
    const picture = { bytes: await pngBytes(), name: "a.png", type: "image/png" };
    await postForm(suite.app, "/api/user/update-profile", profileForm(validProfile, picture), {
      token: account.token,
    });
    const first = (await profileOf(account.token)).image;
    expect(first).toMatch(/^http:\/\/localhost:3000\/uploads\//);

    await postForm(suite.app, "/api/user/update-profile", profileForm({ ...validProfile, name: "Renamed" }), {
      token: account.token,
    });
    expect(await profileOf(account.token)).toMatchObject({ name: "Renamed", image: first });

    await postForm(suite.app, "/api/user/update-profile", profileForm(validProfile, picture), {
      token: account.token,
    });
    const second = (await profileOf(account.token)).image;
    expect(second).toMatch(/^http:\/\/localhost:3000\/uploads\//);
    expect(second).not.toBe(first);
    // The replaced picture is deleted; the new one is there.
    const stored = await storedPicturePaths(suite.db);
    expect(stored).not.toContain(new URL(first).pathname);
    expect(stored).toContain(new URL(second).pathname);
  });

  it("refuses a request without a token and changes nothing", async () => {
    const account = await signUp(suite.app);
    const before = await profileOf(account.token);
    await expectFailure(
      await postForm(suite.app, "/api/user/update-profile", profileForm(validProfile)),
      401,
    );
    expect(await profileOf(account.token)).toEqual(before);
  });

  const invalidProfiles: [string, ProfileFields][] = [
    ["no name", { ...validProfile, name: undefined }],
    ["a blank name", { ...validProfile, name: "   " }],
    ["a name over 100 characters", { ...validProfile, name: "n".repeat(101) }],
    ["a phone number with letters", { ...validProfile, phone: "call me maybe" }],
    ["a phone number over 30 characters", { ...validProfile, phone: "1".repeat(31) }],
    ["an address that is not JSON", { ...validProfile, address: "12 Analytical Street" }],
    ["an address that is a JSON number", { ...validProfile, address: "42" }],
    ["an address that is a JSON array", { ...validProfile, address: '["12 Analytical Street"]' }],
    ["an address line that is not text", { ...validProfile, address: { line1: 12, line2: "" } }],
    [
      "an address line over 200 characters",
      { ...validProfile, address: { line1: "a".repeat(201), line2: "" } },
    ],
    [
      "an address line with a NUL character",
      { ...validProfile, address: { line1: "12 Main\u0000St", line2: "" } },
    ],
    ["a name with a NUL character", { ...validProfile, name: "Ada\u0000Lovelace" }],
    ["an unknown gender", { ...validProfile, gender: "Other" }],
    ["a date of birth in the future", { ...validProfile, dob: "2999-01-01" }],
    ["a date of birth that does not exist", { ...validProfile, dob: "1990-02-30" }],
    ["a date of birth that is not a date", { ...validProfile, dob: "last spring" }],
  ];
  // One account serves every refused update: each case checks that nothing about it changed.
  let refusedAccount: Promise<SignedUpUser> | undefined;
  it.each(invalidProfiles)("answers %s with 400 and changes nothing", async (_label, fields) => {
    refusedAccount ??= signUp(suite.app);
    const account = await refusedAccount;
    const before = await profileOf(account.token);
    const rowBefore = await userRow(account.email);
    const picturesBefore = await storedPicturePaths(suite.db);
    const picture = { bytes: await pngBytes(), name: "ok.png", type: "image/png" };
    const response = await postForm(suite.app, "/api/user/update-profile", profileForm(fields, picture), {
      token: account.token,
    });
    await expectFailure(response, 400);
    expect(await profileOf(account.token)).toEqual(before);
    expect((await userRow(account.email))?.updatedAt).toEqual(rowBefore?.updatedAt);
    expect(await storedPicturePaths(suite.db)).toEqual(picturesBefore);
  });

  it("answers a body that is not a readable form with 400 and changes nothing", async () => {
    const account = await signUp(suite.app);
    const before = await profileOf(account.token);
    const garbled = await suite.app.request("/api/user/update-profile", {
      method: "POST",
      headers: {
        token: account.token,
        "X-Forwarded-For": nextAddress(),
        "Content-Type": "multipart/form-data; boundary=xyz",
      },
      body: "--abc\r\nnot really a form",
    });
    await expectFailure(garbled, 400);
    // JSON is not what this endpoint takes: the name is then missing.
    await expectFailure(
      await postJson(suite.app, "/api/user/update-profile", { name: "Json Name" }, { token: account.token }),
      400,
    );
    expect(await profileOf(account.token)).toEqual(before);
  });

  /**
   * A new account sends `fields` with this picture to update-profile: `check` reads the answer, and
   * then no picture may have been stored nor the profile changed.
   */
  async function expectPictureRefused(
    picture: { bytes: Uint8Array; name: string; type: string },
    check: (response: Response) => Promise<unknown>,
    fields: ProfileFields = validProfile,
  ): Promise<void> {
    const account = await signUp(suite.app);
    const before = await profileOf(account.token);
    const picturesBefore = await storedPicturePaths(suite.db);
    const response = await postForm(suite.app, "/api/user/update-profile", profileForm(fields, picture), {
      token: account.token,
    });
    await check(response);
    expect(await storedPicturePaths(suite.db)).toEqual(picturesBefore);
    expect(await profileOf(account.token)).toEqual(before);
  }

  it("refuses an SVG picture (it can carry script) with 400, storing nothing", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectPictureRefused({ bytes: svg, name: "avatar.png", type: "image/png" }, (response) =>
      expectFailure(response, 400),
    );
  });

  it("refuses a disguised upload (HTML named avatar.png) with 400, storing nothing", async () => {
    const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
    await expectPictureRefused(
      { bytes: html, name: "avatar.png", type: "image/png" },
      (response) => expectFailure(response, 400),
      { ...validProfile, name: "Changed Name" },
    );
  });

  /** Noise does not compress: a PNG of noise stored without compression is 3 bytes a pixel. */
  function noisePng(side: number): Promise<Buffer> {
    return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }

  it("takes a phone-sized picture of several megabytes and stores it small", async () => {
    const account = await signUp(suite.app);
    // 1,400 × 1,400 of noise: about 5.6 MB, far over the old 2 MB limit.
    const photo = await noisePng(1_400);
    expect(photo.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const { storedPath } = await uploadPicture(account.token, {
      bytes: photo,
      name: "photo.png",
      type: "image/png",
    });
    const stored = await storedPictureBytes(suite.db, storedPath);
    expect(stored?.byteLength).toBeLessThan(300 * 1024);
  });

  it(`refuses a real picture over ${PICTURE_MAX_LABEL} with a sentence, storing nothing`, async () => {
    // Just over the limit: 2,290 × 2,290 × 3 bytes.
    const big = await noisePng(2_290);
    expect(big.byteLength).toBeGreaterThan(PICTURE_MAX_BYTES);
    expect(big.byteLength).toBeLessThan(PICTURE_MAX_BYTES + 40 * 1024);
    await expectPictureRefused({ bytes: big, name: "big.png", type: "image/png" }, async (response) => {
      expect([400, 413]).toContain(response.status);
      const body = await expectFailure(response, response.status);
      expect(body.message).toBe(PICTURE_TOO_LARGE);
    });
  });

  it("answers a multipart body a megabyte over the limit with 413, storing nothing", async () => {
    const huge = randomBytes(PICTURE_MAX_BYTES + 1024 * 1024);
    await expectPictureRefused({ bytes: huge, name: "huge.png", type: "image/png" }, (response) =>
      expectFailure(response, 413),
    );
  });
  it("serves a stored picture with its ETag, and 304 when the browser has it", async () => {
    const account = await signUp(suite.app);
    const { storedPath } = await uploadPicture(account.token, {
      bytes: await pngBytes(),
      name: "me.png",
      type: "image/png",
    });
    const served = await suite.app.request(storedPath);
    expect(served.status).toBe(200);
    const etag = served.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await storedPictureBytes(suite.db, storedPath));

    const again = await suite.app.request(storedPath, { headers: { "If-None-Match": `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
  });
});

describe("one user's token reaches only that user's data", () => {
  it("user B sees and changes only B", async () => {
    const userA = await signUp(suite.app, { name: "User A" });
    const userB = await signUp(suite.app, { name: "User B" });
    const idA = (await userRow(userA.email))!.id;

    expect(await profileOf(userB.token)).toMatchObject({ name: "User B", email: userB.email });

    const update = await postForm(
      suite.app,
      "/api/user/update-profile",
      profileForm({ ...validProfile, name: "B Changed", userId: idA }),
      { token: userB.token },
    );
    expect(update.status).toBe(200);
    expect(await profileOf(userA.token)).toMatchObject({ name: "User A", phone: "", dob: "" });
    expect(await profileOf(userB.token)).toMatchObject({ name: "B Changed" });

    // Query strings and headers naming A change nothing either.
    const sneaky = await getWith(suite.app, `/api/user/get-profile?userId=${idA}`, {
      token: userB.token,
      headers: { userId: idA },
    });
    expect(((await sneaky.json()) as ProfileAnswer).userData._id).not.toBe(idA);

    await postJson(suite.app, "/api/user/logout", { userId: idA }, { token: userB.token });
    expect((await profileOf(userA.token)).name).toBe("User A");
  });
});

describe("uploaded files", () => {
  it("serves no file from disk, in the old upload folder or outside it", async () => {
    const secret = "top secret file content";
    await writeFile(path.join(suite.env.dataDirectory, "private.txt"), secret);
    await mkdir(suite.env.uploadDirectory, { recursive: true });
    await writeFile(path.join(suite.env.uploadDirectory, "inside.webp"), secret);
    // A file in the old folder is only read at start, to copy it in (see picture-store.server.ts).
    expect((await suite.app.request("/uploads/inside.webp")).status).toBe(404);
    expect((await suite.app.request("/uploads/unknown-picture.webp")).status).toBe(404);
    for (const probe of [
      "/uploads/inside.webp",
      "/uploads/../private.txt",
      "/uploads/..%2Fprivate.txt",
      "/uploads/%2e%2e/private.txt",
      "/uploads/%2e%2e%2fprivate.txt",
      "/uploads/..\\private.txt",
    ]) {
      const response = await suite.app.request(probe);
      expect(await response.text(), probe).not.toContain(secret);
    }
    await rm(path.join(suite.env.uploadDirectory, "inside.webp"));
  });
});

describe("request size", () => {
  it("answers a 200 KB JSON body with 413 and a sentence", async () => {
    const before = await accountCounts();
    const response = await postJson(suite.app, "/api/user/login", {
      email: "someone@example.com",
      password: "p".repeat(200 * 1024),
    });
    // What the connection does with the rest of the body is server/oversized-body's test, over a socket.
    await expectFailure(response, 413);
    expect(await accountCounts()).toEqual(before);
  });
});

describe("caching", () => {
  it("marks an account's own answers no-store, and leaves the public lists alone", async () => {
    const account = await signUp(suite.app);
    const profile = await getWith(suite.app, "/api/user/get-profile", { token: account.token });
    expect(profile.headers.get("Cache-Control")).toBe("no-store");
    const refused = await getWith(suite.app, "/api/user/get-profile");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    const list = await getWith(suite.app, "/api/doctor/list");
    expect(list.headers.get("Cache-Control")).not.toBe("no-store");
  });
});

describe("cross-site writes", () => {
  it("refuses a POST from another site's page with 403 and creates nothing", async () => {
    const before = await accountCounts();
    const body = { name: "Victim", email: uniqueEmail(), password: GOOD_PASSWORD };
    await expectFailure(
      await postJson(suite.app, "/api/user/register", body, { headers: { Origin: "https://evil.example" } }),
      403,
    );
    await expectFailure(
      await postJson(suite.app, "/api/user/register", body, { headers: { "Sec-Fetch-Site": "cross-site" } }),
      403,
    );
    expect(await accountCounts()).toEqual(before);
  });

  it("refuses a malformed or opaque Origin with 403, never a 500", async () => {
    const account = await signUp(suite.app);
    // "null" comes from a sandboxed frame or a data: page on any site.
    for (const origin of ["evil", "https://", "http://[bad", "null"]) {
      const response = await postJson(
        suite.app,
        "/api/user/logout",
        {},
        { token: account.token, headers: { Origin: origin } },
      );
      await expectFailure(response, 403);
    }
    expect((await profileOf(account.token)).email).toBe(account.email);
  });

  it("lets a same-site POST through", async () => {
    const response = await postJson(
      suite.app,
      "/api/user/register",
      { name: "Neighbour", email: uniqueEmail(), password: GOOD_PASSWORD },
      { headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" } },
    );
    expect(response.status).toBe(201);
  });
});

describe("rate limits", () => {
  // Limits count in fixed windows; a frozen clock keeps each burst inside one window.
  beforeEach(() => {
    const now = new Date();
    now.setUTCMinutes(now.getUTCMinutes() - (now.getUTCMinutes() % 15), 20, 0);
    vi.useFakeTimers({ toFake: ["Date"], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function expectRateLimited(response: Response) {
    const body = await expectFailure(response, 429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    return body;
  }

  it("refuses the 11th sign-up from one address within a minute, not another address's", async () => {
    const address = nextAddress();
    const first = await postJson(
      suite.app,
      "/api/user/register",
      { name: "Burst", email: uniqueEmail(), password: GOOD_PASSWORD },
      { address },
    );
    expect(first.status).toBe(201);
    for (let attempt = 2; attempt <= 10; attempt += 1) {
      const response = await postJson(
        suite.app,
        "/api/user/register",
        { name: "Burst", email: uniqueEmail(), password: "short" },
        { address },
      );
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const before = await accountCounts();
    const eleventh = await postJson(
      suite.app,
      "/api/user/register",
      { name: "Burst", email: uniqueEmail(), password: GOOD_PASSWORD },
      { address },
    );
    await expectRateLimited(eleventh);
    expect(await accountCounts()).toEqual(before);

    const elsewhere = await postJson(suite.app, "/api/user/register", {
      name: "Elsewhere",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(elsewhere.status).toBe(201);
  });

  it("refuses the 11th login from one address within a minute, even with the right password", async () => {
    const account = await signUp(suite.app);
    const address = nextAddress();
    const good = { email: account.email, password: account.password };
    expect((await postJson(suite.app, "/api/user/login", good, { address })).status).toBe(200);
    for (let attempt = 2; attempt <= 10; attempt += 1) {
      const response = await postJson(suite.app, "/api/user/login", { email: account.email }, { address });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    await expectRateLimited(await postJson(suite.app, "/api/user/login", good, { address }));
    expect((await postJson(suite.app, "/api/user/login", good, { address: nextAddress() })).status).toBe(200);
  });

  it("takes the address the proxy saw: addresses a client adds to X-Forwarded-For do not dodge the limit", async () => {
    const address = nextAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postJson(
        suite.app,
        "/api/user/login",
        {},
        { headers: { "X-Forwarded-For": `203.0.113.${attempt}, ${address}` } },
      );
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    await expectRateLimited(
      await postJson(
        suite.app,
        "/api/user/login",
        {},
        { headers: { "X-Forwarded-For": `198.51.100.7, ${address}` } },
      ),
    );
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = suite.appWith({ TRUST_PROXY: "false" });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postJson(direct, "/api/user/register", {}, { address: nextAddress() });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    await expectRateLimited(await postJson(direct, "/api/user/register", {}, { address: nextAddress() }));
  });

  it("makes an address that keeps failing wait, with Retry-After, while the owner signs in from elsewhere", async () => {
    const account = await signUp(suite.app);
    const attacker = nextAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await postJson(
        suite.app,
        "/api/user/login",
        { email: account.email, password: `wrong guess ${attempt}` },
        { address: attacker },
      );
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await postJson(
      suite.app,
      "/api/user/login",
      { email: account.email.toUpperCase(), password: account.password },
      { address: attacker },
    );
    const body = await expectRateLimited(sixth);
    expect(body.message).toMatch(/^Too many failed logins from here\. Please wait \d+ seconds/);

    const owner = await postJson(
      suite.app,
      "/api/user/login",
      { email: account.email, password: account.password },
      { address: nextAddress() },
    );
    expect(owner.status).toBe(200);
  });
});
