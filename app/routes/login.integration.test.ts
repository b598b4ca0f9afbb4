import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionUser } from "~/features/accounts/sessions.server";
import type { FormFailure } from "~/infra/form-failure.server";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "~/lib/honeypot";
import { countRows, GOOD_PASSWORD, signUp, uniqueEmail } from "../../tests/setup/factories";
import {
  callAction,
  callLoader,
  expectRedirectWithToast,
  routeSuite,
  sessionTokenOf,
} from "../../tests/setup/route-calls";
import { action, loader } from "./login";

const suite = routeSuite();

type LoginPage = Awaited<ReturnType<typeof loader>>;

async function post(fields: Record<string, string>, token?: string) {
  const context = await suite.pageContext({ token });
  const search = fields.mode === "signup" ? "?mode=signup" : "";
  const answer = await callAction<FormFailure>(action, context, `/login${search}`, fields);
  return { answer, context };
}

describe("the login page's loader", () => {
  it("offers login by default and sign-up with mode=signup, keeping only a same-site redirectTo", async () => {
    const context = await suite.pageContext();
    const page = async (search: string) =>
      (await callLoader<LoginPage>(loader, context, `/login${search}`)).data;

    expect(await page("")).toMatchObject({ mode: "login", redirectTo: "" });
    expect(await page("?mode=signup&redirectTo=%2Fmy-appointments")).toMatchObject({
      mode: "signup",
      redirectTo: "/my-appointments",
    });
    for (const elsewhere of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
    ]) {
      expect((await page(`?redirectTo=${encodeURIComponent(elsewhere)}`)).redirectTo).toBe("");
    }
  });

  it("gives each form the attributes of the schema the server checks it with", async () => {
    const context = await suite.pageContext();
    const { data } = await callLoader<LoginPage>(loader, context, "/login");
    expect(data.fields.login.email).toEqual({ name: "email", required: true, type: "email", maxLength: 254 });
    expect(data.fields.signup.password).toEqual({
      name: "password",
      required: true,
      minLength: 8,
      maxLength: 256,
    });
  });

  it("sends a visitor who is signed in home", async () => {
    const signedIn = await signUp(suite.app.app);
    const context = await suite.pageContext({ token: signedIn.token });
    const answer = await callLoader(loader, context, "/login");
    expect({ status: answer.status, location: answer.location }).toEqual({ status: 302, location: "/" });
  });
});

describe("logging in", () => {
  it("refuses a wrong password with 401 and the seed's message, keeping the e-mail but not the password", async () => {
    const account = await signUp(suite.app.app);
    const { answer } = await post({ email: account.email, password: "not the password", redirectTo: "" });
    expect(answer.status).toBe(401);
    expect(answer.data.error).toBe("Invalid email or password");
    expect(answer.data.values.email).toBe(account.email);
    expect(answer.data.values).not.toHaveProperty("password");
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it("signs in with a session cookie and goes back to a same-site redirectTo with the toast", async () => {
    const account = await signUp(suite.app.app);
    const { answer, context } = await post({
      email: account.email,
      password: GOOD_PASSWORD,
      redirectTo: "/my-appointments?pay=1",
    });
    await expectRedirectWithToast(answer, context, "/my-appointments?pay=1", {
      kind: "success",
      message: "Logged in successfully",
    });
    const token = await sessionTokenOf(answer, context);
    expect(token).toBeDefined();
    expect((await findSessionUser(suite.db, token!))?.email).toBe(account.email);
  });

  it("never follows a redirectTo to another site: it goes home instead", async () => {
    const account = await signUp(suite.app.app);
    for (const elsewhere of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const { answer } = await post({ email: account.email, password: GOOD_PASSWORD, redirectTo: elsewhere });
      expect({ status: answer.status, location: answer.location }).toEqual({ status: 302, location: "/" });
    }
  });

  it("goes home, on this origin, when redirectTo hides another site behind a control character or a backslash", async () => {
    const account = await signUp(suite.app.app);
    const here = new URL((await suite.pageContext()).env.publicUrl).origin;
    const disguised = [
      "/\t/evil.example",
      "/\t/evil.example/my-appointments",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u001b/evil.example",
      "/\u007f/evil.example",
      "\t//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "//evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ];
    for (const elsewhere of disguised) {
      const { answer } = await post({ email: account.email, password: GOOD_PASSWORD, redirectTo: elsewhere });
      expect({ redirectTo: elsewhere, status: answer.status, location: answer.location }).toEqual({
        redirectTo: elsewhere,
        status: 302,
        location: "/",
      });
      expect(new URL(answer.location!, here).origin).toBe(here);
    }
  });

  it("refuses a filled honeypot with 400 and signs nobody in", async () => {
    const account = await signUp(suite.app.app);
    const { answer } = await post({
      email: account.email,
      password: GOOD_PASSWORD,
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(answer.status).toBe(400);
    expect(answer.data.error).toBe(HONEYPOT_MESSAGE);
    expect(answer.data.values.email).toBe(account.email);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe("signing up", () => {
  it("creates the account, signs it in and sends it to onboarding, then on to a same-site redirectTo", async () => {
    const email = uniqueEmail("signup");
    const { answer, context } = await post({
      mode: "signup",
      name: "Grace Hopper",
      email,
      password: GOOD_PASSWORD,
      role: "borrower",
      redirectTo: "/appointment/abc",
    });
    await expectRedirectWithToast(answer, context, "/onboarding?redirectTo=%2Fappointment%2Fabc", {
      kind: "success",
      message: "Account created successfully",
    });
    const [created] = await suite.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ name: "Grace Hopper", role: "borrower" });
    expect((await findSessionUser(suite.db, (await sessionTokenOf(answer, context))!))?.id).toBe(created!.id);
  });

  it("goes to onboarding alone when the redirectTo is another site's", async () => {
    const { answer } = await post({
      mode: "signup",
      name: "Ada Lovelace",
      email: uniqueEmail("signup"),
      password: GOOD_PASSWORD,
      redirectTo: "//evil.example/",
    });
    expect(answer.location).toBe("/onboarding");
  });

  it("refuses a short password beside its field, keeps what was typed and creates nothing", async () => {
    const before = await countRows(suite.db, users);
    const email = uniqueEmail("short");
    const { answer } = await post({ mode: "signup", name: "Alan Turing", email, password: "short" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ password: "Use at least 8 characters." });
    expect(answer.data.values).toMatchObject({ name: "Alan Turing", email, mode: "signup" });
    expect(answer.data.values).not.toHaveProperty("password");
    expect(await countRows(suite.db, users)).toBe(before);
  });

  it("refuses an e-mail that already has an account with 409 beside the e-mail field", async () => {
    const account = await signUp(suite.app.app);
    const { answer } = await post({
      mode: "signup",
      name: "Someone Else",
      email: account.email,
      password: GOOD_PASSWORD,
    });
    expect(answer.status).toBe(409);
    expect(answer.data.fieldErrors.email).toMatch(/already exists/);
  });
});
