// The assistant's answers from live data, against the seeded consultants: free slots, fees, and a
// signed-in customer's next appointment (read through their own session, nothing for anyone else).
import { consultants } from "@db/schema";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { specialities } from "~/content/specialities";
import { formatMoney } from "~/lib/money";
import { BOT, newSessionId } from "../../tests/setup/bot";
import {
  bookOrFail,
  createUserWithSession,
  type DirectUser,
  getWith,
  postJson,
} from "../../tests/setup/factories";
import { frozenSuite, ZONE } from "../../tests/setup/frozen-suite";

const TAX = specialities.find((speciality) => speciality.slug === "tax")!;

const suite = frozenSuite({ settings: { RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "1000" } });
let customer: DirectUser;

beforeAll(async () => {
  customer = await createUserWithSession(suite.db, "bot-customer");
});

interface Reply {
  messages?: Array<{ content?: string }>;
  sessionState?: { intent?: { name: string } };
}

async function ask(
  text: string,
  options: { token?: string; sessionAttributes?: Record<string, string> } = {},
): Promise<{ text: string; intent?: string }> {
  const path = `/bots/${BOT.botId}/botAliases/${BOT.botAliasId}/botLocales/${BOT.localeId}/sessions/${newSessionId("data")}/text`;
  const response = await postJson(
    suite.app,
    path,
    { text, sessionState: { sessionAttributes: { timeZone: ZONE, ...options.sessionAttributes } } },
    { token: options.token },
  );
  expect(response.status).toBe(200);
  const reply = (await response.json()) as Reply;
  return {
    text: (reply.messages ?? []).map((message) => message.content ?? "").join("\n"),
    intent: reply.sessionState?.intent?.name,
  };
}

/** The consultant's free slots tomorrow afternoon (12:00 to 17:00 New York), from the booking API. */
async function freeTomorrowAfternoon(consultantId: string): Promise<string[]> {
  const response = await getWith(suite.app, `/api/consultant/${consultantId}/slots`);
  const { days } = (await response.json()) as {
    days: Array<{ date: string; slots: Array<{ startsAt: string }> }>;
  };
  const tomorrow = days.find((day) => day.date === "2027-05-04")!;
  return tomorrow.slots
    .map((slot) => DateTime.fromISO(slot.startsAt, { zone: ZONE }))
    .filter((start) => start.hour >= 12 && start.hour < 17)
    .map((start) => start.toFormat("h:mm a"));
}

describe("free consultants", () => {
  it("lists tax consultants with their real free slots tomorrow afternoon and links to book them", async () => {
    const taxConsultants = await suite.db.select().from(consultants);
    const listed = taxConsultants.filter((row) => row.speciality === TAX.name && row.available);
    expect(listed.length).toBeGreaterThan(0);
    // A slot someone has booked is not offered.
    const first = listed[0]!;
    await bookOrFail(suite.app, customer.token, {
      docId: first.id,
      slotDate: "4_5_2027",
      slotTime: "12:00 PM",
    });

    const reply = await ask("a tax consultant free tomorrow afternoon?");
    expect(reply.intent).toBe("ConsultantAvailability");
    for (const consultant of listed) {
      const free = await freeTomorrowAfternoon(consultant.id);
      if (free.length === 0) continue;
      expect(reply.text).toContain(`[${consultant.name}](/appointment/${consultant.id})`);
      expect(reply.text).toContain(free[0]!);
    }
    expect(await freeTomorrowAfternoon(first.id)).not.toContain("12:00 PM");
    const firstLine = reply.text.split("\n").find((line) => line.includes(first.id)) ?? "";
    expect(firstLine).not.toMatch(/\b12:00 PM\b/);
    // Nobody of another speciality.
    const others = taxConsultants.filter((row) => row.speciality !== TAX.name);
    for (const other of others) expect(reply.text).not.toContain(other.id);
  });

  it("reads the time in the visitor's zone", async () => {
    const reply = await ask("is any tax consultant available tomorrow at 10 am", {
      sessionAttributes: { timeZone: "America/Los_Angeles" },
    });
    // 10 am in Los Angeles is 1 pm in New York: inside the grid, and said in the visitor's clock.
    expect(reply.text).toMatch(/10:00 AM/);
    expect(reply.text).toContain("Los Angeles");
  });
});

describe("fees", () => {
  it("gives the range of consultants' fees from the database", async () => {
    const rows = await suite.db.select().from(consultants);
    const fees = rows.filter((row) => row.archivedAt === null).map((row) => row.feeCents);
    const reply = await ask("how much does a session cost");
    expect(reply.intent).toBe("ConsultantFees");
    expect(reply.text).toContain(formatMoney(Math.min(...fees), "USD"));
    expect(reply.text).toContain(formatMoney(Math.max(...fees), "USD"));
  });
});

describe("the next appointment", () => {
  it("is told to the signed-in customer through their own session", async () => {
    const [, someone] = await suite.db.select().from(consultants);
    await bookOrFail(suite.app, customer.token, {
      docId: someone!.id,
      slotDate: "5_5_2027",
      slotTime: "03:00 PM",
    });
    const reply = await ask("when is my next appointment", { token: customer.token });
    expect(reply.intent).toBe("MyAppointments");
    // The earliest of their bookings: tomorrow at noon, made in the first test.
    expect(reply.text).toMatch(/Your next appointment is with .+ on .*May 4.* at 12:00 PM/);
  });

  it("is nothing for an anonymous caller, whatever its session attributes say", async () => {
    const reply = await ask("when is my next appointment", { sessionAttributes: { signedIn: "true" } });
    expect(reply.text).not.toContain("Your next appointment");
    expect(reply.text).toContain("(/login)");
  });
});
