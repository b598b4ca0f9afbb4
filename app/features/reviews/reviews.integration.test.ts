import { reviews } from "@db/review-schema";
import { type Consultant, consultants } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAttendance } from "~/features/booking/attendance.server";
import { appSuite } from "../../../tests/setup/app-suite";
import { linksOf } from "../../../tests/setup/email-reading";
import {
  accountForFile,
  countRows,
  createConsultant,
  createUserWithRole,
  featureRefusal,
  isSentence,
  type RoleUser,
} from "../../../tests/setup/factories";
import { NOW } from "../../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../../tests/setup/payments";
import { auditEntriesOf, insertAppointment } from "../../../tests/setup/staff-appointments";
import { REVIEW_COMMENT_MAX_LENGTH, REVIEWS_PAGE_SIZE } from "./review-schema";
import { consultantReviews, editReview, lockConsultant, reviewState, writeReview } from "./reviews.server";
import { listStaffReviews, setReviewHidden } from "./staff-reviews.server";

/**
 * The feature's functions over a real database. Every function takes its "now", so the file needs
 * no frozen clock: appointments are marked completed at COMPLETED_AT and reviewed at REVIEWED_AT.
 */
const suite = appSuite();
const staff = accountForFile(suite, "admin", { name: "Staff Member" });

const PUBLIC_URL = "https://agency.example";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The tests' usual Monday (frozen-suite.ts), used here as a plain value: the appointments started before it. */
const COMPLETED_AT = NOW;
const REVIEWED_AT = new Date(COMPLETED_AT.getTime() + 2 * DAY);

let startCounter = 0;

/** A customer's appointment of the consultant that started before COMPLETED_AT (each at its own time). */
async function startedAppointment(consultant: Consultant, customer: RoleUser) {
  startCounter += 1;
  const startsAt = new Date(COMPLETED_AT.getTime() - startCounter * 30 * MINUTE);
  return insertAppointment(suite.db, consultant, customer.id, startsAt);
}

/** A customer (named as given) whose appointment of the consultant staff marked completed at `completedAt`. */
async function completedAppointment(
  consultant: Consultant,
  name = "Ada Lovelace",
  completedAt = COMPLETED_AT,
) {
  const customer = await createUserWithRole(suite.db, "investor", { name });
  const started = await startedAppointment(consultant, customer);
  const appointment = await recordAttendance(suite.db, started.id, "completed", staff, {
    now: completedAt,
    publicUrl: PUBLIC_URL,
  });
  return { customer, appointment };
}

async function consultantRow(consultantId: string) {
  const [row] = await suite.db.select().from(consultants).where(eq(consultants.id, consultantId));
  return row!;
}

/** The count and sum kept on the consultant's row. */
async function keptRating(consultantId: string) {
  const { reviewCount, ratingTotal } = await consultantRow(consultantId);
  return { reviewCount, ratingTotal };
}

async function reviewRows(consultantId: string) {
  return suite.db.select().from(reviews).where(eq(reviews.consultantId, consultantId));
}

async function publicReviews(consultantId: string, page = 1) {
  return consultantReviews(suite.db, await consultantRow(consultantId), page);
}

function review(
  customer: RoleUser,
  appointmentId: string,
  rating: unknown,
  comment?: unknown,
  now = REVIEWED_AT,
) {
  return writeReview(suite.db, customer.id, { appointmentId, rating, comment }, { now });
}

describe("the review invitation", () => {
  it("is queued once, to the customer, when an appointment is marked completed, linking to My Appointments", async () => {
    const consultant = await createConsultant(suite.db, { name: "Nina Petrova" });
    const { customer, appointment } = await completedAppointment(consultant);

    const [invitation, ...more] = await mailsOfKind(suite.db, customer.email, "review-invitation");
    expect(more).toEqual([]);
    expect(invitation!.subject).toContain("Nina Petrova");
    const link = `${PUBLIC_URL}/my-appointments#review-${appointment.id}`;
    expect(invitation!.textBody).toContain(link);
    expect(linksOf(invitation!.htmlBody!)).toContain(link);

    // Marking it again is refused, and sends nothing more.
    const again = await featureRefusal(
      recordAttendance(suite.db, appointment.id, "completed", staff, {
        now: REVIEWED_AT,
        publicUrl: PUBLIC_URL,
      }),
    );
    expect(again.kind).toBe("conflict");
    expect(await mailsOfKind(suite.db, customer.email, "review-invitation")).toHaveLength(1);
  });

  it("is not sent for a no-show", async () => {
    const consultant = await createConsultant(suite.db);
    const customer = await createUserWithRole(suite.db, "investor");
    const started = await startedAppointment(consultant, customer);
    await recordAttendance(suite.db, started.id, "no_show", staff, {
      now: COMPLETED_AT,
      publicUrl: PUBLIC_URL,
    });
    expect(await mailsOfKind(suite.db, customer.email, "review-invitation")).toEqual([]);
  });
});

describe("writeReview", () => {
  it("stores the review as written, with the author's first name and initial, and counts it on the consultant", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant, "Ada Lovelace");
    const comment = "  Clear advice.\n\tWould book again <script>alert(1)</script> & more  ";

    const written = await review(customer, appointment.id, 5, comment);

    expect(written).toMatchObject({
      appointmentId: appointment.id,
      consultantId: consultant.id,
      userId: customer.id,
      rating: 5,
      comment,
      authorName: "Ada L.",
      hiddenAt: null,
      createdAt: REVIEWED_AT,
    });
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: 5 });
    const shown = await publicReviews(consultant.id);
    expect(shown).toMatchObject({ average: 5, count: 1, page: 1, hasMore: false });
    expect(shown.reviews).toEqual([
      { id: written.id, rating: 5, comment, author: "Ada L.", createdAt: REVIEWED_AT },
    ]);
  });

  it("takes the comment as optional, and a rating sent as form text ('4')", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant, "Cher");
    const written = await writeReview(
      suite.db,
      customer.id,
      { appointmentId: appointment.id, rating: "4" },
      { now: REVIEWED_AT },
    );
    expect(written).toMatchObject({ rating: 4, comment: "", authorName: "Cher" });
  });

  it("accepts a comment of exactly 1,000 characters", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    const comment = "a".repeat(REVIEW_COMMENT_MAX_LENGTH);
    expect((await review(customer, appointment.id, 3, comment)).comment).toBe(comment);
  });

  it("refuses, with a sentence and without writing anything, what may not be reviewed or is not a review", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    const reviewed = await completedAppointment(consultant, "Grace Hopper");
    await review(reviewed.customer, reviewed.appointment.id, 4);
    const stranger = await createUserWithRole(suite.db, "investor");
    const booked = await insertAppointment(
      suite.db,
      consultant,
      customer.id,
      new Date(COMPLETED_AT.getTime() + 3 * DAY),
    );
    const noShow = await startedAppointment(consultant, customer);
    await recordAttendance(suite.db, noShow.id, "no_show", staff, {
      now: COMPLETED_AT,
      publicUrl: PUBLIC_URL,
    });
    const before = { rows: await countRows(suite.db, reviews), kept: await keptRating(consultant.id) };

    const refusals: [string, () => Promise<unknown>, string][] = [
      [
        "a second review of the same appointment",
        () => review(reviewed.customer, reviewed.appointment.id, 5),
        "conflict",
      ],
      ["another customer's appointment", () => review(stranger, appointment.id, 5), "not-found"],
      ["an appointment still to come", () => review(customer, booked.id, 5), "conflict"],
      ["a no-show", () => review(customer, noShow.id, 5), "conflict"],
      ["an id that is no appointment's", () => review(customer, "not-an-id", 5), "not-found"],
      ["a rating of 0", () => review(customer, appointment.id, 0), "invalid"],
      ["a rating of 6", () => review(customer, appointment.id, 6), "invalid"],
      ["a rating of 'abc'", () => review(customer, appointment.id, "abc"), "invalid"],
      ["a rating of 2.5", () => review(customer, appointment.id, 2.5), "invalid"],
      ["no rating", () => review(customer, appointment.id, undefined), "invalid"],
      [
        "a comment of 1,001 characters",
        () => review(customer, appointment.id, 5, "a".repeat(1001)),
        "invalid",
      ],
      [
        "a comment with a NUL character",
        () => review(customer, appointment.id, 5, "Good\u0000 advice"),
        "invalid",
      ],
      [
        "a comment with a bell character",
        () => review(customer, appointment.id, 5, "Good\u0007 advice"),
        "invalid",
      ],
      ["a comment that is not text", () => review(customer, appointment.id, 5, { html: "<b>" }), "invalid"],
    ];
    for (const [what, attempt, kind] of refusals) {
      const refusal = await featureRefusal(attempt());
      expect({ what, kind: refusal.kind, sentence: isSentence(refusal.message) }).toEqual({
        what,
        kind,
        sentence: true,
      });
    }
    expect((await featureRefusal(review(customer, appointment.id, 0))).message).toBe(
      "Please choose a rating from 1 to 5 stars.",
    );
    expect((await featureRefusal(review(reviewed.customer, reviewed.appointment.id, 5))).message).toBe(
      "You have already reviewed this appointment.",
    );
    expect({ rows: await countRows(suite.db, reviews), kept: await keptRating(consultant.id) }).toEqual(
      before,
    );
  });

  it("is refused once 60 days have passed since the appointment was completed", async () => {
    const consultant = await createConsultant(suite.db);
    const late = await completedAppointment(consultant);
    const inTime = await completedAppointment(consultant, "Grace Hopper");
    const windowEnd = new Date(COMPLETED_AT.getTime() + 60 * DAY);

    const refusal = await featureRefusal(review(late.customer, late.appointment.id, 5, "", windowEnd));
    expect(refusal.kind).toBe("conflict");
    expect(refusal.message).toMatch(/within 60 days/);
    expect(await reviewRows(consultant.id)).toEqual([]);

    // A moment before the end it is still taken.
    await review(inTime.customer, inTime.appointment.id, 2, "", new Date(windowEnd.getTime() - 1));
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: 2 });
  });
});

describe("editReview", () => {
  it("changes the rating and comment within 7 days of writing, and recounts the average", async () => {
    const consultant = await createConsultant(suite.db);
    const ada = await completedAppointment(consultant, "Ada Lovelace");
    const grace = await completedAppointment(consultant, "Grace Hopper");
    const written = await review(ada.customer, ada.appointment.id, 2, "Too short.");
    await review(grace.customer, grace.appointment.id, 5);
    expect((await publicReviews(consultant.id)).average).toBe(3.5);

    const editedAt = new Date(REVIEWED_AT.getTime() + 7 * DAY - MINUTE);
    const edited = await editReview(
      suite.db,
      ada.customer.id,
      ada.appointment.id,
      { rating: 4, comment: "On reflection, very useful." },
      { now: editedAt },
    );

    expect(edited).toMatchObject({
      id: written.id,
      rating: 4,
      comment: "On reflection, very useful.",
      createdAt: REVIEWED_AT,
      updatedAt: editedAt,
    });
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 2, ratingTotal: 9 });
    expect((await publicReviews(consultant.id)).average).toBe(4.5);
  });

  it("is refused after 7 days, and for someone else's review, leaving it as it was", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    await review(customer, appointment.id, 3, "Fine.");
    const stranger = await createUserWithRole(suite.db, "investor");
    const [before] = await reviewRows(consultant.id);

    const late = await featureRefusal(
      editReview(
        suite.db,
        customer.id,
        appointment.id,
        { rating: 5 },
        {
          now: new Date(REVIEWED_AT.getTime() + 7 * DAY),
        },
      ),
    );
    expect(late.kind).toBe("conflict");
    expect(late.message).toMatch(/7 days/);
    const notTheirs = await featureRefusal(
      editReview(suite.db, stranger.id, appointment.id, { rating: 5 }, { now: REVIEWED_AT }),
    );
    expect(notTheirs.kind).toBe("not-found");
    const invalid = await featureRefusal(
      editReview(suite.db, customer.id, appointment.id, { rating: 9 }, { now: REVIEWED_AT }),
    );
    expect(invalid.kind).toBe("invalid");

    expect(await reviewRows(consultant.id)).toEqual([before]);
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: 3 });
  });
});

describe("consultantReviews", () => {
  it("shows visible reviews newest first, five a page, with the rating to one decimal and the spread of stars", async () => {
    const consultant = await createConsultant(suite.db);
    const ratings = [5, 4, 4, 3, 5, 1, 4];
    const written = [];
    for (const [index, rating] of ratings.entries()) {
      const { customer, appointment } = await completedAppointment(consultant, `Customer${index} Smith`);
      written.push(
        await review(
          customer,
          appointment.id,
          rating,
          `Review ${index}`,
          new Date(REVIEWED_AT.getTime() + index * MINUTE),
        ),
      );
    }

    const first = await publicReviews(consultant.id);
    // 26 / 7 = 3.714…
    expect(first).toMatchObject({ average: 3.7, count: 7, page: 1, hasMore: true });
    expect(first.distribution).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 3 },
      { stars: 3, count: 1 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
    expect(first.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    const newestFirst = written.map((row) => row.id).reverse();
    expect(first.reviews.map((row) => row.id)).toEqual(newestFirst.slice(0, 5));
    const second = await publicReviews(consultant.id, 2);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.reviews.map((row) => row.id)).toEqual(newestFirst.slice(5));
  });

  it("says nothing of an average before the first review", async () => {
    const consultant = await createConsultant(suite.db);
    expect(await publicReviews(consultant.id)).toMatchObject({ average: null, count: 0, reviews: [] });
  });
});

describe("setReviewHidden", () => {
  it("hides a review with a reason (off the page and out of the average, audited, the author told) and shows it again", async () => {
    const consultant = await createConsultant(suite.db, { name: "Marta Jones" });
    const ada = await completedAppointment(consultant, "Ada Lovelace");
    const grace = await completedAppointment(consultant, "Grace Hopper");
    const rude = await review(ada.customer, ada.appointment.id, 1, "Rude words here.");
    const kept = await review(grace.customer, grace.appointment.id, 5);
    const hiddenAt = new Date(REVIEWED_AT.getTime() + DAY);

    const hidden = await setReviewHidden(suite.db, rude.id, true, { reason: "Offensive language" }, staff, {
      now: hiddenAt,
      publicUrl: PUBLIC_URL,
    });

    expect(hidden).toMatchObject({ hiddenAt, hiddenReason: "Offensive language" });
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: 5 });
    const shown = await publicReviews(consultant.id);
    expect(shown).toMatchObject({ average: 5, count: 1 });
    expect(shown.reviews.map((row) => row.id)).toEqual([kept.id]);
    expect(shown.distribution.find((row) => row.stars === 1)).toEqual({ stars: 1, count: 0 });
    const staffHidden = await listStaffReviews(suite.db, { consultantId: consultant.id, hidden: true });
    expect(staffHidden.reviews.map((row) => row.id)).toEqual([rude.id]);
    expect(reviewState(ada.appointment, hidden, hiddenAt)).toMatchObject({
      kind: "written",
      hiddenReason: "Offensive language",
    });
    expect(await auditEntriesOf(suite.db, rude.id)).toMatchObject([
      {
        action: "review.hide",
        actorId: staff.id,
        actorEmail: staff.email,
        summary: "Hidden: Offensive language",
      },
    ]);
    const [told] = await mailsOfKind(suite.db, ada.customer.email, "review-hidden");
    expect(told!.subject).toContain("Marta Jones");
    expect(told!.textBody).toContain("Offensive language");

    const again = await featureRefusal(
      setReviewHidden(suite.db, rude.id, true, { reason: "Offensive language" }, staff, {
        now: hiddenAt,
        publicUrl: PUBLIC_URL,
      }),
    );
    expect(again.kind).toBe("conflict");

    await setReviewHidden(suite.db, rude.id, false, { reason: "The author explained it" }, staff, {
      now: new Date(hiddenAt.getTime() + DAY),
      publicUrl: PUBLIC_URL,
    });
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 2, ratingTotal: 6 });
    expect((await publicReviews(consultant.id)).average).toBe(3);
    expect((await auditEntriesOf(suite.db, rude.id)).map((entry) => entry.action)).toEqual([
      "review.hide",
      "review.show",
    ]);
    expect(await mailsOfKind(suite.db, ada.customer.email, "review-shown")).toHaveLength(1);
  });

  it("is refused without a reason, changing nothing", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    const written = await review(customer, appointment.id, 4);
    for (const input of [{}, { reason: "" }, { reason: "  " }]) {
      const refusal = await featureRefusal(
        setReviewHidden(suite.db, written.id, true, input, staff, {
          now: REVIEWED_AT,
          publicUrl: PUBLIC_URL,
        }),
      );
      expect(refusal.kind).toBe("invalid");
      expect(isSentence(refusal.message)).toBe(true);
    }
    expect(await reviewRows(consultant.id)).toMatchObject([{ hiddenAt: null }]);
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: 4 });
    expect(await auditEntriesOf(suite.db, written.id)).toEqual([]);
  });
});

describe("reviewState", () => {
  it("invites a review of a completed appointment for 60 days, and offers changes to a written one for 7", async () => {
    const completed = { completedAt: COMPLETED_AT };
    expect(reviewState({ completedAt: null }, undefined, REVIEWED_AT)).toBeNull();
    expect(reviewState(completed, undefined, REVIEWED_AT)).toEqual({
      kind: "invited",
      until: new Date(COMPLETED_AT.getTime() + 60 * DAY),
    });
    expect(reviewState(completed, undefined, new Date(COMPLETED_AT.getTime() + 60 * DAY))).toBeNull();

    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    const written = await review(customer, appointment.id, 4, "Good.");
    expect(reviewState(appointment, written, REVIEWED_AT)).toEqual({
      kind: "written",
      rating: 4,
      comment: "Good.",
      hiddenReason: null,
      editableUntil: new Date(REVIEWED_AT.getTime() + 7 * DAY),
    });
    expect(reviewState(appointment, written, new Date(REVIEWED_AT.getTime() + 7 * DAY))).toMatchObject({
      editableUntil: null,
    });
  });
});

describe("reviews at the same moment", () => {
  it("keeps the consultant's count and total equal to the reviews written, when eight customers review at once", async () => {
    const consultant = await createConsultant(suite.db);
    const completed = [];
    for (let index = 0; index < 8; index += 1) {
      completed.push(await completedAppointment(consultant, `Racer${index} Jones`));
    }

    const written = await Promise.all(
      completed.map(({ customer, appointment }, index) => review(customer, appointment.id, (index % 5) + 1)),
    );

    const rows = await reviewRows(consultant.id);
    expect(rows.map((row) => row.id).sort()).toEqual(written.map((row) => row.id).sort());
    expect(await keptRating(consultant.id)).toEqual({
      reviewCount: rows.length,
      ratingTotal: rows.reduce((sum, row) => sum + row.rating, 0),
    });
    expect(rows).toHaveLength(8);
  });

  it("takes one review of an appointment sent twice at once, and refuses the other", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);

    const outcomes = await togetherAfterTheirReads(consultant.id, [
      () => review(customer, appointment.id, 5),
      () => review(customer, appointment.id, 1),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ kind: "conflict" });
    const rows = await reviewRows(consultant.id);
    expect(rows).toHaveLength(1);
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 1, ratingTotal: rows[0]!.rating });
  });

  it("hides a review once when two members of staff hide it at once: one audit entry, one e-mail", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    const written = await review(customer, appointment.id, 1, "Spam spam spam.");
    const other = await createUserWithRole(suite.db, "admin");

    const outcomes = await togetherAfterTheirReads(
      consultant.id,
      [staff, other].map(
        (actor) => () =>
          setReviewHidden(suite.db, written.id, true, { reason: "Advertising" }, actor, {
            now: REVIEWED_AT,
            publicUrl: PUBLIC_URL,
          }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await auditEntriesOf(suite.db, written.id)).toHaveLength(1);
    expect(await mailsOfKind(suite.db, customer.email, "review-hidden")).toHaveLength(1);
    expect(await keptRating(consultant.id)).toEqual({ reviewCount: 0, ratingTotal: 0 });
  });
});

/**
 * Runs the calls as requests arriving together would, made certain: another transaction holds the
 * consultant's row (what every change of their reviews locks) while the calls start, and lets it
 * go only once each of them waits for it, having read whatever it reads before taking the lock. On
 * PostgreSQL that wait is seen in pg_stat_activity; the embedded database runs one transaction at
 * a time, so there the calls just queue behind the holder.
 */
async function togetherAfterTheirReads<T>(
  consultantId: string,
  calls: (() => Promise<T>)[],
): Promise<PromiseSettledResult<T>[]> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const isHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  const holder = suite.db.transaction(async (transaction) => {
    await lockConsultant(transaction, consultantId);
    held();
    await released;
  });
  await isHeld;
  const outcomes = Promise.allSettled(calls.map((call) => call()));
  if (process.env.DATABASE_URL) await untilWaitingForLocks(calls.length);
  release();
  await holder;
  return outcomes;
}

/** Until `howMany` sessions of this database wait for a lock (PostgreSQL only). */
async function untilWaitingForLocks(howMany: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const result = (await suite.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((result.rows[0]?.waiting ?? 0) >= howMany) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${howMany} sessions never waited for the consultant's row`);
}

describe("the reviews table", () => {
  it("itself refuses a rating outside 1 to 5, whatever writes it", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointment } = await completedAppointment(consultant);
    await expect(
      suite.db.insert(reviews).values({
        appointmentId: appointment.id,
        consultantId: consultant.id,
        userId: customer.id,
        rating: 6,
        authorName: "Ada L.",
      }),
    ).rejects.toThrow();
    expect(await reviewRows(consultant.id)).toEqual([]);
  });
});
