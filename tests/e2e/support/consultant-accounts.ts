import { type APIRequestContext, expect } from "@playwright/test";
import { DEFAULT_PASSWORD, uniqueEmail } from "./accounts";
import { STAFF_EMAIL, STAFF_PASSWORD } from "./staff";

/** A token of the given account, from the login API. */
export async function apiToken(request: APIRequestContext, baseURL: string, email: string, password: string) {
  const response = await request.post(`${baseURL}/api/user/login`, { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The staff account's token, for the staff API. */
function staffToken(request: APIRequestContext, baseURL: string): Promise<string> {
  return apiToken(request, baseURL, STAFF_EMAIL, STAFF_PASSWORD);
}

/** Adds a consultant through the staff API (a seed portrait as its picture); returns its id. */
export async function addConsultantAsStaff(
  request: APIRequestContext,
  baseURL: string,
  fields: { name: string; speciality: string },
): Promise<string> {
  const response = await request.post(`${baseURL}/api/admin/consultants`, {
    headers: { token: await staffToken(request, baseURL) },
    data: {
      ...fields,
      degree: "MBA",
      experience: "6 Years",
      about: "Plans the week so the business runs without surprises.",
      fees: 45,
      available: true,
      address: { line1: "9 Harbour Lane", line2: "Salem, MA" },
      image: "/images/consultants/emma-wilson.webp",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { consultantId: string }).consultantId;
}

/**
 * A consultant account as staff make one: someone signs up, then staff give the account the
 * consultant role linked to the profile (PATCH /api/admin/users/{id}). Returns its credentials.
 */
export async function createConsultantAccount(
  request: APIRequestContext,
  baseURL: string,
  consultantId: string,
  name: string,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail("consultant");
  const registered = await request.post(`${baseURL}/api/user/register`, {
    data: { name, email, password: DEFAULT_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const profile = await request.get(`${baseURL}/api/user/get-profile`, { headers: { token } });
  const { userData } = (await profile.json()) as { userData: { _id: string } };
  const linked = await request.patch(`${baseURL}/api/admin/users/${userData._id}`, {
    headers: { token: await staffToken(request, baseURL) },
    data: { role: "consultant", consultantId },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  return { email, password: DEFAULT_PASSWORD };
}

/** A customer books the consultant's first free slot of a day (0 = today) through the API. */
export async function bookThroughApi(
  request: APIRequestContext,
  baseURL: string,
  consultantId: string,
  customer: { email: string; password: string },
  dayIndex: number,
): Promise<{ startsAt: string; slotTime: string }> {
  const slots = await request.get(`${baseURL}/api/consultant/${consultantId}/slots`);
  const { days } = (await slots.json()) as {
    days: { slots: { slotDate: string; slotTime: string; startsAt: string }[] }[];
  };
  const slot = days[dayIndex]!.slots[0]!;
  const token = await apiToken(request, baseURL, customer.email, customer.password);
  const booked = await request.post(`${baseURL}/api/user/book-appointment`, {
    headers: { token },
    data: { docId: consultantId, slotDate: slot.slotDate, slotTime: slot.slotTime },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { startsAt: slot.startsAt, slotTime: slot.slotTime };
}
