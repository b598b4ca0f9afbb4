import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { services } from "~/content/services";
import { specialities } from "~/content/specialities";
import { faqIntentName, INTENT } from "./catalog";
import { CONFIDENCE_THRESHOLD, understand } from "./nlu";
import { ChoiceMatcher } from "./nlu-choices";

describe("understand", () => {
  it.each([
    ["Hi there", INTENT.greeting],
    ["What can you do?", INTENT.help],
    ["Do you have a referral program?", faqIntentName("referral")],
    ["do your assistants work on weekends?", faqIntentName("working-days")],
    ["Is there a setup fee?", faqIntentName("setup-fee")],
    ["can I switch to a smaller plan", faqIntentName("plan-changes")],
    ["my VA isn't a good fit", faqIntentName("replacement")],
    ["how do I contact support", faqIntentName("support")],
    ["what services do you offer", INTENT.servicesOverview],
    ["how much does it cost?", INTENT.pricing],
    ["is there any discount", INTENT.pricing],
    ["I want to book an appointment", INTENT.bookAppointment],
    ["I'd like a free consultation", INTENT.requestConsultation],
    ["can I speak with a real human please", INTENT.talkToPerson],
    ["who are you", INTENT.about],
    ["thank you!", INTENT.thanks],
  ])("reads %j as %s", async (text, intent) => {
    const { top } = await understand(text);
    expect(top.intent).toBe(intent);
    expect(top.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  it("asks every FAQ question of the content back to its own intent, fully confident", async () => {
    for (const item of faq) {
      const { top } = await understand(item.question);
      expect(top.intent, item.question).toBe(faqIntentName(item.id));
      expect(top.confidence).toBe(1);
    }
  });

  it("finds the service a question is about, by title or by what the service includes", async () => {
    for (const service of services) {
      expect((await understand(`Tell me about ${service.title}`)).top).toMatchObject({
        intent: INTENT.serviceDetails,
        value: service.slug,
      });
    }
    expect((await understand("do you do SEO?")).top.value).toBe("service2");
    expect((await understand("I need help with bookkeeping")).top.value).toBe("service3");
    expect((await understand("dashboards and KPI tracking")).top.value).toBe("service5");
  });

  it("finds the consultant speciality, by its name or other words for it", async () => {
    for (const speciality of specialities) {
      expect((await understand(speciality.name)).top).toMatchObject({
        intent: INTENT.findConsultant,
        value: speciality.slug,
      });
    }
    expect((await understand("I need a lawyer")).top).toMatchObject({
      intent: INTENT.findConsultant,
      value: "legal",
    });
  });

  it("falls back, with no confidence, on words it has never seen", async () => {
    expect((await understand("asdfgh qwerty")).top).toEqual({ intent: INTENT.fallback, confidence: 0 });
    expect((await understand("I love pizza")).ranked).toEqual([]);
  });

  it("is less sure when much of the message is unknown, and ranks alternatives below the best", async () => {
    const sure = (await understand("referral credit")).top.confidence;
    const vaguer = (await understand("referral credit for my grandmother's knitting circle")).top.confidence;
    expect(vaguer).toBeLessThan(sure);
    const { ranked } = await understand("what services do you offer");
    for (let index = 1; index < ranked.length; index += 1) {
      expect(ranked[index]!.confidence).toBeLessThanOrEqual(ranked[index - 1]!.confidence);
    }
  });

  it("reads a greeting to everyone, or with only small words after it, as a greeting", async () => {
    for (const text of ["hey all", "good morning everyone", "hello to you"]) {
      expect((await understand(text)).top.intent, text).toBe(INTENT.greeting);
    }
    expect((await understand("hi folks, what services do you offer")).top.intent).toBe(
      INTENT.servicesOverview,
    );
  });

  it("takes IT in capitals for the speciality, and a lower-case it for a pronoun", async () => {
    expect((await understand("I need help with our IT")).top).toMatchObject({
      intent: INTENT.findConsultant,
      value: "it",
    });
    const fees = (await understand("how much does it cost to see a consultant")).top;
    expect(fees.intent).toBe(INTENT.consultantFees);
    expect(fees.value).toBeUndefined();
    const availability = (await understand("is it possible to see a lawyer today")).top;
    expect(availability).toMatchObject({ intent: INTENT.consultantAvailability, value: "legal" });
  });

  it("tolerates a typo, with a little less confidence", async () => {
    const { top } = await understand("refferal credit");
    expect(top.intent).toBe(faqIntentName("referral"));
    expect(top.confidence).toBeLessThan(1);
  });
});

describe("ChoiceMatcher", () => {
  const matcher = new ChoiceMatcher([
    { value: "E-Commerce", aliases: ["online store"] },
    { value: "Real Estate", aliases: ["property"] },
  ]);

  it("matches exact values, other words for them and near misses", async () => {
    expect(matcher.match("E-Commerce")).toEqual({ value: "E-Commerce", confidence: 1 });
    expect(matcher.match("we run an online store")?.value).toBe("E-Commerce");
    expect(matcher.match("real estat")?.value).toBe("Real Estate");
    expect(matcher.match("bakery")).toBeUndefined();
  });

  it("reads several values from one answer and keeps the parts it cannot place", async () => {
    expect(matcher.matchMany("property and e-commerce, plus knitting")).toEqual({
      values: ["Real Estate", "E-Commerce"],
      leftovers: ["knitting"],
    });
  });
});

describe("the questions issue 17 found unanswered or answered wrong", () => {
  it.each([
    ["do you charge anything to set things up?", faqIntentName("setup-fee"), undefined],
    ["any deal for new customers?", INTENT.pricing, undefined],
    ["what payment methods do you accept", INTENT.paymentMethods, undefined],
    ["if I cancel will I get my money back", INTENT.cancellation, undefined],
    ["can someone run my instagram and facebook", INTENT.serviceDetails, "service2"],
    ["I need help with my taxes", INTENT.findConsultant, "tax"],
    ["I need legal advice for my startup", INTENT.findConsultant, "legal"],
    ["is my ID number stored safely", INTENT.personalData, undefined],
    ["how much does a session cost", INTENT.consultantFees, undefined],
    ["a tax consultant free tomorrow afternoon?", INTENT.consultantAvailability, "tax"],
  ])("reads %j as %s", async (text, intent, value) => {
    const { top } = await understand(text);
    expect(top.intent).toBe(intent);
    if (value) expect(top.value).toBe(value);
  });

  it("says a question about the weather is outside what it knows", async () => {
    expect((await understand("What's the weather in Paris tomorrow?")).top.intent).toBe(INTENT.fallback);
  });
});
