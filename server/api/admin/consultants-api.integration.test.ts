import { auditLog, consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { appSuite } from "../../../tests/setup/app-suite";
import {
  accountForFile,
  countRows,
  createConsultant,
  createUserWithRole,
  expectFailure,
  getWith,
  postJson,
} from "../../../tests/setup/factories";

const suite = appSuite();
const staff = accountForFile(suite, "admin");

interface StaffDoctor {
  _id: string;
  name: string;
  image: string;
  speciality: string;
  fees: number;
  available: boolean;
  address: { line1: string; line2: string };
  slots_booked: Record<string, string[]>;
  archived: boolean;
  workingHours: unknown;
  daysOff: string[];
  version: number;
}

function patchJson(path: string, body: unknown, token = staff.token) {
  return suite.app.request(path, {
    method: "PATCH",
    headers: { token, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const newConsultant = {
  name: "Theo Lambert",
  speciality: "IT Consultants",
  degree: "MSc Computer Science",
  experience: "9 Years",
  about: "Moves small offices to the cloud without losing a file.",
  fees: 70,
  available: true,
  address: { line1: "4 Quay Street", line2: "Portland, ME" },
  image: "/images/consultants/daniel-kim.webp",
};

describe("POST /api/admin/consultants", () => {
  it("adds a consultant customers can see at once, answering 201 with its id", async () => {
    const response = await postJson(suite.app, "/api/admin/consultants", newConsultant, {
      token: staff.token,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; consultantId: string; message: string };
    expect(body).toMatchObject({ success: true, message: "Consultant added" });
    const listed = (await (await getWith(suite.app, "/api/doctor/list")).json()) as {
      doctors: { _id: string }[];
    };
    const doctor = listed.doctors.find((row) => row._id === body.consultantId);
    expect(doctor).toMatchObject({
      name: "Theo Lambert",
      fees: 70,
      address: { line1: "4 Quay Street", line2: "Portland, ME" },
      available: true,
    });
  });

  it("adds a consultant without a picture, who gets the default picture until staff add one", async () => {
    const { image: _image, ...withoutPicture } = newConsultant;
    const response = await postJson(
      suite.app,
      "/api/admin/consultants",
      { ...withoutPicture, name: "Nadia Sorensen" },
      { token: staff.token },
    );
    expect(response.status).toBe(201);
    const { consultantId } = (await response.json()) as { consultantId: string };
    const listed = (await (await getWith(suite.app, "/api/doctor/list")).json()) as {
      doctors: { _id: string; image: string }[];
    };
    const doctor = listed.doctors.find((row) => row._id === consultantId);
    expect(doctor?.image).toMatch(/\/images\/default-avatar\.svg$/);
  });

  it("takes a multipart form with the picture file, through the upload pipeline", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...newConsultant, name: "Pia Holm", image: undefined })) {
      if (value === undefined) continue;
      form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
    form.append("workingHours", JSON.stringify({ "1": { start: "10:00", end: "14:00" } }));
    form.append("daysOff", JSON.stringify(["2030-01-01"]));
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#335577" } })
      .png()
      .toBuffer();
    form.append("image", new File([new Uint8Array(png)], "pia.png", { type: "image/png" }));
    const response = await suite.app.request("/api/admin/consultants", {
      method: "POST",
      headers: { token: staff.token },
      body: form,
    });
    expect(response.status).toBe(201);
    const { consultantId } = (await response.json()) as { consultantId: string };
    const [row] = await suite.db.select().from(consultants).where(eq(consultants.id, consultantId));
    expect(row).toMatchObject({
      name: "Pia Holm",
      workingHours: { "1": { start: 600, end: 840 } },
      daysOff: ["2030-01-01"],
    });
    expect(row!.image).toMatch(/^\/uploads\/.+\.webp$/);
  });

  it("refuses bad input with 400 and a sentence, writing nothing", async () => {
    const before = await countRows(suite.db, consultants);
    for (const body of [{}, { ...newConsultant, fees: "free" }, { ...newConsultant, address: "here" }]) {
      await expectFailure(
        await postJson(suite.app, "/api/admin/consultants", body, { token: staff.token }),
        400,
      );
    }
    await expectFailure(
      await postJson(suite.app, "/api/admin/consultants", "{", { token: staff.token }),
      400,
    );
    expect(await countRows(suite.db, consultants)).toBe(before);
  });
});

describe("GET /api/admin/consultants", () => {
  it("lists archived consultants too, in the doctors shape with the staff fields, searchable", async () => {
    const archived = await createConsultant(suite.db, {
      name: "Quentin Archived",
      archivedAt: new Date(),
    });
    const response = await getWith(suite.app, "/api/admin/consultants?search=quentin&state=archived", {
      token: staff.token,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; doctors: StaffDoctor[]; total: number };
    expect(body.doctors.map((doctor) => doctor._id)).toEqual([archived.id]);
    expect(body.doctors[0]).toMatchObject({
      name: "Quentin Archived",
      fees: 50,
      archived: true,
      workingHours: null,
      daysOff: [],
      version: 1,
      slots_booked: {},
    });
    await expectFailure(
      await getWith(suite.app, "/api/admin/consultants?state=gone", { token: staff.token }),
      400,
    );
  });
});

describe("PATCH /api/admin/consultants/{id}", () => {
  it("changes only the fields sent and records the change", async () => {
    const consultant = await createConsultant(suite.db, { feeCents: 5000 });
    const response = await patchJson(`/api/admin/consultants/${consultant.id}`, {
      fees: 95,
      available: false,
      daysOff: ["2030-02-02"],
      version: 1,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Consultant updated" });
    const [row] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    expect(row).toMatchObject({
      feeCents: 9500,
      available: false,
      daysOff: ["2030-02-02"],
      name: consultant.name,
      version: 2,
    });
    const [entry] = await suite.db.select().from(auditLog).where(eq(auditLog.targetId, consultant.id));
    expect(entry).toMatchObject({ action: "consultant.update", actorId: staff.id });
  });

  it("answers 409 for a stale version and 404 for an unknown consultant", async () => {
    const consultant = await createConsultant(suite.db);
    await patchJson(`/api/admin/consultants/${consultant.id}`, { name: "Saved First", version: 1 });
    const stale = await expectFailure(
      await patchJson(`/api/admin/consultants/${consultant.id}`, { name: "Saved Second", version: 1 }),
      409,
    );
    expect(stale.message).toBe(
      "This record was changed by someone else while you were editing. Reload to see the latest version.",
    );
    await expectFailure(
      await patchJson("/api/admin/consultants/6f1c2b1e-8a5e-4c1e-9d0a-3b2c1d0e9f8a", { name: "Nobody" }),
      404,
    );
  });

  it("is for staff only", async () => {
    const consultant = await createConsultant(suite.db);
    const customer = await createUserWithRole(suite.db, "investor");
    await expectFailure(
      await patchJson(`/api/admin/consultants/${consultant.id}`, { name: "X" }, customer.token),
      403,
    );
  });
});
