import { consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { FormFailure } from "~/infra/form-failure.server";
import {
  createConsultant,
  createUserWithRole,
  isSentence,
  type RoleUser,
} from "../../../tests/setup/factories";
import {
  answerOf,
  callAction,
  callLoader,
  expectRedirectWithToast,
  routeSuite,
} from "../../../tests/setup/route-calls";
import { action, loader } from "./consultant-edit";

const suite = routeSuite();
let staff: RoleUser;

beforeAll(async () => {
  staff = await createUserWithRole(suite.db, "admin");
});

/** The staff form as the page sends it (multipart, with the picture file). */
async function newConsultantForm(extra: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "save",
    name: "Lena Marsh",
    speciality: "Legal Consultants",
    degree: "JD",
    experience: "12 Years",
    about: "Reads contracts so small firms do not have to.",
    fee: "120",
    addressLine1: "3 Court Square",
    addressLine2: "Albany, NY",
    // Mondays 10:00–12:00 and Fridays 14:00–21:00 only; "available" left unticked.
    "works-1": "on",
    "start-1": "10:00",
    "end-1": "12:00",
    "start-2": "10:00",
    "end-2": "21:00",
    "works-5": "on",
    "start-5": "14:00",
    "end-5": "21:00",
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("daysOff", "2031-03-04");
  form.append("daysOff", "");
  const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#224466" } })
    .png()
    .toBuffer();
  form.append("image", new File([new Uint8Array(png)], "lena.png", { type: "image/png" }));
  return form;
}

describe("the staff consultant page", () => {
  it("adds a consultant from the form: hours per weekday, days off, unticked availability, the picture", async () => {
    const context = await suite.pageContext({ token: staff.token });
    const request = new Request(`${context.env.publicUrl}/admin/consultants/new`, {
      method: "POST",
      body: await newConsultantForm(),
    });
    const answer = await answerOf(() => action({ request, context, params: {} } as never));
    const id = answer.location?.split("/").pop() ?? "";
    await expectRedirectWithToast(answer, context, `/admin/consultants/${id}`, {
      kind: "success",
      message: "Consultant added",
    });
    const [row] = await suite.db.select().from(consultants).where(eq(consultants.id, id));
    expect(row).toMatchObject({
      name: "Lena Marsh",
      feeCents: 12_000,
      available: false,
      workingHours: { "1": { start: 600, end: 720 }, "5": { start: 840, end: 1260 } },
      daysOff: ["2031-03-04"],
    });
    expect(row!.image).toMatch(/^\/uploads\/.+\.webp$/);

    const loaded = await callLoader<{ consultant: { hours: Record<string, unknown>; fee: string } }>(
      loader,
      context,
      `/admin/consultants/${id}`,
      { consultantId: id },
    );
    expect(loaded.data.consultant.fee).toBe("120");
    expect(loaded.data.consultant.hours["1"]).toEqual({ works: true, start: "10:00", end: "12:00" });
    expect(loaded.data.consultant.hours["2"]).toMatchObject({ works: false });
  });

  it("shows the form again with a sentence when a field is wrong, or when someone else saved first", async () => {
    const consultant = await createConsultant(suite.db);
    const context = await suite.pageContext({ token: staff.token });
    const post = (fields: Record<string, string>) =>
      callAction<FormFailure>(action, context, `/admin/consultants/${consultant.id}`, fields, {
        consultantId: consultant.id,
      });
    const base = {
      intent: "save",
      name: "Changed Name",
      speciality: consultant.speciality,
      degree: consultant.degree,
      experience: consultant.experience,
      about: consultant.about,
      fee: "50",
      addressLine1: consultant.addressLine1,
      addressLine2: consultant.addressLine2,
      version: "1",
    };
    const badHours = await post({ ...base, "works-3": "on", "start-3": "15:00", "end-3": "11:00" });
    expect(badHours.status).toBe(400);
    expect(badHours.data.fieldErrors["workingHours.3"]).toMatch(/must end after they start/);
    expect(badHours.data.values.name).toBe("Changed Name");

    const saved = await post(base);
    expect(saved.status).toBe(302);
    const stale = await post({ ...base, name: "Too Late" });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(
      "This record was changed by someone else while you were editing. Reload to see the latest version.",
    );
    const [row] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    expect(row!.name).toBe("Changed Name");
  });

  it("archives only through the confirmation's form, and answers 404 for an unknown consultant", async () => {
    const consultant = await createConsultant(suite.db);
    const context = await suite.pageContext({ token: staff.token });
    const confirming = await callLoader<{ confirmingArchive: boolean }>(
      loader,
      context,
      `/admin/consultants/${consultant.id}?archive`,
      { consultantId: consultant.id },
    );
    expect(confirming.data.confirmingArchive).toBe(true);
    const archived = await callAction(
      action,
      context,
      `/admin/consultants/${consultant.id}`,
      { intent: "archive", version: "1" },
      { consultantId: consultant.id },
    );
    await expectRedirectWithToast(archived, context, `/admin/consultants/${consultant.id}`, {
      kind: "success",
      message: "Consultant archived",
    });

    const unknown = "4c8a8f7e-2b7d-4d8e-9f3a-1a2b3c4d5e6f";
    const missing = await callLoader(loader, context, `/admin/consultants/${unknown}`, {
      consultantId: unknown,
    });
    expect(missing.status).toBe(404);
    const nothing = await callAction<FormFailure>(action, context, "/admin/consultants/new", {});
    expect(nothing.status).toBe(400);
    expect(isSentence(nothing.data.error)).toBe(true);
  });
});
