import { reviews } from "@db/review-schema";
import { appointments, type Consultant } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { linksOf } from "../../tests/setup/email-reading";
import {
  accountForFile,
  countRows,
  createConsultant,
  createUserWithRole,
  expectFailure,
  getWith,
  nextAddress,
  postJson,
  type RoleUser,
} from "../../tests/setup/factories";
import { frozenSuite, NOW } from "../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../tests/setup/payments";
import { auditEntriesOf, insertAppointment } from "../../tests/setup/staff-appointments";
import type { LegacyDoctor } from "./legacy-shapes";

/** The reviews API as a client uses it, with the clock standing still at NOW (frozen-suite.ts). */
const suite = frozenSuite();
const staff = accountForFile(suite, "admin", { name: "Staff Member" });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface PublicReviewsAnswer {
  success: boolean;
  rating: number | null;
  reviewCount: number;
  distribution: { stars: number; count: number }[];
  page: number;
  hasMore: boolean;
  reviews: { _id: string; rating: number; comment: string; author: string; date: string }[];
}

interface StaffReviewsAnswer {
  success: boolean;
  hasMore: boolean;
  reviews: {
    _id: string;
    appointmentId: string;
    consultant: { _id: string; name: string };
    user: { _id: string; name: string; email: string };
    rating: number;
    comment: string;
    hidden: boolean;
    hiddenReason: string | null;
    createdAt: string;
  }[];
}

let startCounter = 0;

/** An appointment of the consultant that started before NOW, each at its own time. */
function startedAppointment(consultant: Consultant, customer: RoleUser) {
  startCounter += 1;
  return insertAppointment(
    suite.db,
    consultant,
    customer.id,
    new Date(NOW.getTime() - startCounter * 30 * MINUTE),
  );
}

/** A customer (named as given) whose appointment staff marked completed through the staff API. */
async function completedAppointment(consultant: Consultant, name = "Ada Lovelace") {
  const customer = await createUserWithRole(suite.db, "investor", { name });
  const { id: appointmentId } = await startedAppointment(consultant, customer);
  const response = await postJson(
    suite.app,
    `/api/admin/appointments/${appointmentId}/complete`,
    {},
    { token: staff.token },
  );
  expect(response.status).toBe(200);
  return { customer, appointmentId };
}

function postReview(token: string | undefined, body: unknown) {
  return postJson(suite.app, "/api/user/reviews", body, { token });
}

async function reviewOrFail(token: string, body: Record<string, unknown>): Promise<string> {
  const response = await postReview(token, body);
  const answer = (await response.json()) as { success: boolean; message: string; reviewId: string };
  expect({ status: response.status, answer }).toEqual({
    status: 201,
    answer: { success: true, message: "Thank you for your review", reviewId: expect.any(String) },
  });
  return answer.reviewId;
}

function patchReview(token: string, appointmentId: string, body: unknown) {
  return Promise.resolve(
    suite.app.request(`/api/user/reviews/${appointmentId}`, {
      method: "PATCH",
      headers: { token, "Content-Type": "application/json", "X-Forwarded-For": nextAddress() },
      body: JSON.stringify(body),
    }),
  );
}

async function publicReviews(consultantId: string, page?: number): Promise<PublicReviewsAnswer> {
  const query = page ? `?page=${page}` : "";
  const response = await getWith(suite.app, `/api/consultant/${consultantId}/reviews${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicReviewsAnswer;
}

/** The consultant as the old clients' list shows them. */
async function listedDoctor(consultantId: string, path = "/api/doctor/list"): Promise<LegacyDoctor> {
  const response = await getWith(suite.app, path);
  expect(response.status).toBe(200);
  const { doctors } = (await response.json()) as { doctors: LegacyDoctor[] };
  const doctor = doctors.find((candidate) => candidate._id === consultantId);
  if (!doctor) throw new Error(`consultant ${consultantId} is not listed`);
  return doctor;
}

function staffReviews(query: string, token = staff.token) {
  return getWith(suite.app, `/api/admin/reviews?${query}`, { token });
}

function setVisibility(reviewId: string, action: "hide" | "show", body: unknown, token = staff.token) {
  return postJson(suite.app, `/api/admin/reviews/${reviewId}/${action}`, body, { token });
}

function reviewRows(consultantId: string) {
  return suite.db.select().from(reviews).where(eq(reviews.consultantId, consultantId));
}

describe("marking an appointment completed", () => {
  it("queues exactly one review invitation to the customer, with a link into My Appointments", async () => {
    const consultant = await createConsultant(suite.db, { name: "Olga Reviewed" });
    const { customer, appointmentId } = await completedAppointment(consultant);

    const invitations = await mailsOfKind(suite.db, customer.email, "review-invitation");
    expect(invitations).toHaveLength(1);
    const [invitation] = invitations;
    expect(invitation!.subject).toContain("Olga Reviewed");
    const links = linksOf(invitation!.htmlBody!).filter((link) => link.includes("/my-appointments"));
    expect(links).toEqual([`${suite.env.publicUrl}/my-appointments#review-${appointmentId}`]);
    expect(invitation!.textBody).toContain(links[0]);
  });
});

describe("POST /api/user/reviews", () => {
  it("takes a review of a completed appointment (201), shown on the consultant's reviews and in the lists", async () => {
    const consultant = await createConsultant(suite.db);
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: null, reviewCount: 0 });
    const ada = await completedAppointment(consultant, "Ada Lovelace");

    const reviewId = await reviewOrFail(ada.customer.token, {
      appointmentId: ada.appointmentId,
      rating: 5,
      comment: "Sorted out our books in an hour.\nThank you!",
    });

    expect(await publicReviews(consultant.id)).toEqual({
      success: true,
      rating: 5,
      reviewCount: 1,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
      page: 1,
      hasMore: false,
      reviews: [
        {
          _id: reviewId,
          rating: 5,
          comment: "Sorted out our books in an hour.\nThank you!",
          author: "Ada L.",
          date: NOW.toISOString(),
        },
      ],
    });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await listedDoctor(consultant.id, "/api/consultant/list")).toMatchObject({
      rating: 5,
      reviewCount: 1,
    });

    // A second and a third customer: the average moves, to one decimal.
    const grace = await completedAppointment(consultant, "Grace Brewster Hopper");
    await reviewOrFail(grace.customer.token, { appointmentId: grace.appointmentId, rating: 4, comment: "" });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const alan = await completedAppointment(consultant, "alan turing");
    await reviewOrFail(alan.customer.token, { appointmentId: alan.appointmentId, rating: 4 });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    const shown = await publicReviews(consultant.id);
    expect(shown).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect(shown.reviews.map((review) => review.author).sort()).toEqual(["Ada L.", "Grace H.", "alan T."]);
  });

  it("stores and returns an HTML-looking comment verbatim: escaping is the page's job", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointmentId } = await completedAppointment(consultant);
    const comment = `<script>alert(1)</script> "quoted" & <b>bold</b>`;

    const reviewId = await reviewOrFail(customer.token, { appointmentId, rating: 3, comment });

    expect((await reviewRows(consultant.id)).map((row) => row.comment)).toEqual([comment]);
    const response = await getWith(suite.app, `/api/consultant/${consultant.id}/reviews`);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await response.json()) as PublicReviewsAnswer;
    expect(body.reviews).toMatchObject([{ _id: reviewId, comment }]);
    const staffList = (await (
      await staffReviews(`consultantId=${consultant.id}`)
    ).json()) as StaffReviewsAnswer;
    expect(staffList.reviews).toMatchObject([{ _id: reviewId, comment }]);
  });

  it("refuses with a 4xx and a sentence, writing nothing, what may not be reviewed or is no review", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointmentId } = await completedAppointment(consultant);
    const reviewed = await completedAppointment(consultant, "Grace Hopper");
    await reviewOrFail(reviewed.customer.token, { appointmentId: reviewed.appointmentId, rating: 4 });
    const stranger = await createUserWithRole(suite.db, "investor");
    const booked = await insertAppointment(
      suite.db,
      consultant,
      customer.id,
      new Date(NOW.getTime() + 3 * DAY),
    );
    const rowsBefore = await countRows(suite.db, reviews);
    const shownBefore = await publicReviews(consultant.id);
    const valid = { appointmentId, rating: 5, comment: "Great." };

    const refusals: [string, () => Promise<Response>, number, RegExp?][] = [
      ["no token", () => postReview(undefined, valid), 401],
      [
        "a second review of the same appointment",
        () => postReview(reviewed.customer.token, { appointmentId: reviewed.appointmentId, rating: 5 }),
        409,
        /already reviewed/,
      ],
      ["another customer's appointment", () => postReview(stranger.token, valid), 404],
      [
        "a booked appointment not yet held",
        () => postReview(customer.token, { ...valid, appointmentId: booked.id }),
        409,
        /once it has taken place/,
      ],
      [
        "an id that is no appointment's",
        () => postReview(customer.token, { ...valid, appointmentId: "x" }),
        404,
      ],
      ["a rating of 0", () => postReview(customer.token, { ...valid, rating: 0 }), 400, /1 to 5/],
      ["a rating of 6", () => postReview(customer.token, { ...valid, rating: 6 }), 400, /1 to 5/],
      ["a rating of 'abc'", () => postReview(customer.token, { ...valid, rating: "abc" }), 400, /1 to 5/],
      ["a rating of 2.5", () => postReview(customer.token, { ...valid, rating: 2.5 }), 400, /1 to 5/],
      ["no rating", () => postReview(customer.token, { appointmentId }), 400, /1 to 5/],
      [
        "a comment of 1,001 characters",
        () => postReview(customer.token, { ...valid, comment: "a".repeat(1001) }),
        400,
        /1,000 characters/,
      ],
      [
        "a comment with a NUL character",
        () => postReview(customer.token, { ...valid, comment: "Great\u0000 advice" }),
        400,
      ],
      ["a body that is not JSON", () => postReview(customer.token, "{rating: 5"), 400],
    ];
    for (const [what, attempt, status, message] of refusals) {
      const failure = await expectFailure(await attempt(), status).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`);
      });
      if (message) expect(failure.message, what).toMatch(message);
    }

    expect(await countRows(suite.db, reviews)).toBe(rowsBefore);
    expect(await publicReviews(consultant.id)).toEqual(shownBefore);
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it("is refused with 409 once 60 days have passed since the appointment was completed", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointmentId } = await completedAppointment(consultant);
    // Completed 60 days ago to the minute (the session would not last a clock moved 60 days on).
    await suite.db
      .update(appointments)
      .set({ completedAt: new Date(NOW.getTime() - 60 * DAY) })
      .where(eq(appointments.id, appointmentId));

    const failure = await expectFailure(await postReview(customer.token, { appointmentId, rating: 5 }), 409);
    expect(failure.message).toMatch(/within 60 days/);
    expect(await reviewRows(consultant.id)).toEqual([]);

    // A minute later in the window it is taken.
    await suite.db
      .update(appointments)
      .set({ completedAt: new Date(NOW.getTime() - 60 * DAY + MINUTE) })
      .where(eq(appointments.id, appointmentId));
    await reviewOrFail(customer.token, { appointmentId, rating: 5 });
  });
});

describe("PATCH /api/user/reviews/{appointmentId}", () => {
  it("changes the review within 7 days (200) and the average with it; after 7 days answers 409", async () => {
    const consultant = await createConsultant(suite.db);
    const ada = await completedAppointment(consultant, "Ada Lovelace");
    const grace = await completedAppointment(consultant, "Grace Hopper");
    await reviewOrFail(ada.customer.token, { appointmentId: ada.appointmentId, rating: 2, comment: "Meh." });
    await reviewOrFail(grace.customer.token, { appointmentId: grace.appointmentId, rating: 5 });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 3.5, reviewCount: 2 });

    vi.setSystemTime(new Date(NOW.getTime() + 7 * DAY - MINUTE));
    const edited = await patchReview(ada.customer.token, ada.appointmentId, {
      rating: 4,
      comment: "Better than I first thought.",
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({ success: true, message: "Review updated" });
    const shown = await publicReviews(consultant.id);
    expect(shown).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(shown.reviews.find((review) => review.author === "Ada L.")).toMatchObject({
      rating: 4,
      comment: "Better than I first thought.",
      // The date a review shows is when it was written.
      date: NOW.toISOString(),
    });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    // Someone else's review is not there to change.
    await expectFailure(await patchReview(grace.customer.token, ada.appointmentId, { rating: 1 }), 404);
    await expectFailure(await patchReview(ada.customer.token, ada.appointmentId, { rating: 0 }), 400);

    vi.setSystemTime(new Date(NOW.getTime() + 7 * DAY));
    const late = await expectFailure(
      await patchReview(ada.customer.token, ada.appointmentId, { rating: 1 }),
      409,
    );
    expect(late.message).toMatch(/7 days/);
    expect((await reviewRows(consultant.id)).find((row) => row.userId === ada.customer.id)).toMatchObject({
      rating: 4,
      comment: "Better than I first thought.",
    });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });
});

describe("GET /api/consultant/{id}/reviews", () => {
  it("pages newest first, five at a time, and answers 404 for an unknown consultant", async () => {
    const consultant = await createConsultant(suite.db);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const { customer, appointmentId } = await completedAppointment(consultant, `Reader${index} Smith`);
      vi.setSystemTime(new Date(NOW.getTime() + index * MINUTE));
      ids.push(await reviewOrFail(customer.token, { appointmentId, rating: 3 }));
    }
    const first = await publicReviews(consultant.id);
    expect(first).toMatchObject({ page: 1, hasMore: true, reviewCount: 6 });
    expect(first.reviews.map((review) => review._id)).toEqual(ids.slice(1).reverse());
    const second = await publicReviews(consultant.id, 2);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.reviews.map((review) => review._id)).toEqual([ids[0]]);

    await expectFailure(
      await getWith(suite.app, "/api/consultant/00000000-0000-4000-8000-000000000000/reviews"),
      404,
    );
  });
});

describe("staff hiding and showing a review", () => {
  it("hides it with a reason (off the page and the average, audited, the author e-mailed) and shows it again", async () => {
    const consultant = await createConsultant(suite.db, { name: "Hugo Hidden" });
    const ada = await completedAppointment(consultant, "Ada Lovelace");
    const grace = await completedAppointment(consultant, "Grace Hopper");
    const rudeId = await reviewOrFail(ada.customer.token, {
      appointmentId: ada.appointmentId,
      rating: 1,
      comment: "Rude words.",
    });
    await reviewOrFail(grace.customer.token, { appointmentId: grace.appointmentId, rating: 5 });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 3, reviewCount: 2 });

    const hidden = await setVisibility(rudeId, "hide", { reason: "Offensive language" });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ success: true, message: "Review hidden" });

    const shown = await publicReviews(consultant.id);
    expect(shown).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(shown.reviews.map((review) => review._id)).not.toContain(rudeId);
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    const hiddenList = (await (
      await staffReviews(`consultantId=${consultant.id}&hidden=true`)
    ).json()) as StaffReviewsAnswer;
    expect(hiddenList.reviews).toMatchObject([
      {
        _id: rudeId,
        appointmentId: ada.appointmentId,
        consultant: { _id: consultant.id, name: "Hugo Hidden" },
        user: { _id: ada.customer.id, name: "Ada Lovelace", email: ada.customer.email },
        rating: 1,
        hidden: true,
        hiddenReason: "Offensive language",
      },
    ]);
    const shownList = (await (
      await staffReviews(`consultantId=${consultant.id}&hidden=false`)
    ).json()) as StaffReviewsAnswer;
    expect(shownList.reviews.map((review) => review._id)).not.toContain(rudeId);
    expect(await auditEntriesOf(suite.db, rudeId)).toMatchObject([
      { action: "review.hide", targetType: "review", actorId: staff.id, actorEmail: staff.email },
    ]);
    const toldHidden = await mailsOfKind(suite.db, ada.customer.email, "review-hidden");
    expect(toldHidden).toHaveLength(1);
    expect(toldHidden[0]!.subject).toContain("Hugo Hidden");
    expect(toldHidden[0]!.textBody).toContain("Offensive language");

    // Hiding it twice is refused.
    await expectFailure(await setVisibility(rudeId, "hide", { reason: "Offensive language" }), 409);

    const restored = await setVisibility(rudeId, "show", { reason: "The author apologised" });
    expect(await restored.json()).toEqual({ success: true, message: "Review shown" });
    expect(await listedDoctor(consultant.id)).toMatchObject({ rating: 3, reviewCount: 2 });
    expect((await publicReviews(consultant.id)).reviews.map((review) => review._id)).toContain(rudeId);
    expect((await auditEntriesOf(suite.db, rudeId)).map((entry) => entry.action)).toEqual([
      "review.hide",
      "review.show",
    ]);
    expect(await mailsOfKind(suite.db, ada.customer.email, "review-shown")).toHaveLength(1);
  });

  it("is refused without a reason (400), leaving the review shown", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointmentId } = await completedAppointment(consultant);
    const reviewId = await reviewOrFail(customer.token, { appointmentId, rating: 4 });

    const failure = await expectFailure(await setVisibility(reviewId, "hide", {}), 400);
    expect(failure.message).toMatch(/reason/);
    await expectFailure(await setVisibility(reviewId, "hide", { reason: "" }), 400);

    expect((await publicReviews(consultant.id)).reviews.map((review) => review._id)).toEqual([reviewId]);
    expect(await auditEntriesOf(suite.db, reviewId)).toEqual([]);
    expect(await mailsOfKind(suite.db, customer.email, "review-hidden")).toEqual([]);
  });

  it("is staff's alone: a customer gets 403, no token 401, and the review stays shown", async () => {
    const consultant = await createConsultant(suite.db);
    const { customer, appointmentId } = await completedAppointment(consultant);
    const reviewId = await reviewOrFail(customer.token, { appointmentId, rating: 4 });

    await expectFailure(await staffReviews("", customer.token), 403);
    await expectFailure(await getWith(suite.app, "/api/admin/reviews"), 401);
    await expectFailure(
      await setVisibility(reviewId, "hide", { reason: "I changed my mind" }, customer.token),
      403,
    );
    expect((await publicReviews(consultant.id)).reviews.map((review) => review._id)).toEqual([reviewId]);
  });
});
