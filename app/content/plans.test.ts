import { describe, expect, it } from "vitest";
import { faq } from "./faq";
import { firstCycleOffer } from "./offers";
import {
  describePlan,
  findPlan,
  planHourlyPrice,
  planPrice,
  planSlugs,
  plans,
  planTermList,
  planTerms,
} from "./plans";
import { steps } from "./steps";

function faqAnswer(id: string): string {
  const item = faq.find((entry) => entry.id === id);
  if (!item) throw new Error(`The FAQ has no ${id} entry.`);
  return item.answer;
}

describe("the plans", () => {
  it("are the three slugs the contact form and the database accept, each once, in that order", () => {
    expect(plans.map((plan) => plan.slug)).toEqual([...planSlugs]);
    expect(new Set(plans.map((plan) => plan.name)).size).toBe(plans.length);
  });

  it("each have positive whole hours, a positive whole-dollar price, who they suit and what is included", () => {
    for (const plan of plans) {
      expect(Number.isInteger(plan.hoursPerMonth) && plan.hoursPerMonth > 0, plan.slug).toBe(true);
      expect(Number.isInteger(plan.pricePerMonthCents) && plan.pricePerMonthCents > 0, plan.slug).toBe(true);
      expect(plan.pricePerMonthCents % 100, `${plan.slug} is priced in whole dollars`).toBe(0);
      expect(plan.suits.length, plan.slug).toBeGreaterThan(10);
      expect(plan.included.length, plan.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("grow in hours and price, and a larger plan never costs more an hour", () => {
    plans.slice(1).forEach((larger, index) => {
      const smaller = plans[index]!;
      expect(larger.hoursPerMonth).toBeGreaterThan(smaller.hoursPerMonth);
      expect(larger.pricePerMonthCents).toBeGreaterThan(smaller.pricePerMonthCents);
      expect(larger.pricePerMonthCents / larger.hoursPerMonth).toBeLessThanOrEqual(
        smaller.pricePerMonthCents / smaller.hoursPerMonth,
      );
    });
  });

  it("state the hours they include in their own list, so the list and the number agree", () => {
    for (const plan of plans) {
      expect(plan.included[0]).toContain(`${plan.hoursPerMonth} hours`);
    }
  });

  it("read as people write prices", () => {
    const growth = findPlan("growth")!;
    expect(planPrice(growth)).toBe("$1,080");
    expect(planHourlyPrice(growth)).toBe("$18");
    expect(describePlan(growth)).toBe("Growth (60 hours for $1,080 a month)");
    expect(findPlan("platinum")).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
  });
});

describe("the terms of every plan", () => {
  it("are the seed's facts, the offer written once with the services", () => {
    expect(planTerms.firstCycleOffer).toBe(firstCycleOffer);
    expect(planTerms.setupFeeCents).toBe(0);
    expect(planTerms.replacementAtNoCost).toBe(true);
    expect(planTerms.weekendWorkMayCostExtra).toBe(true);
    expect(planTerms.workingDays).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(planTermList.map((term) => term.id)).toEqual([
      "first-cycle-offer",
      "setup-fee",
      "plan-changes",
      "replacement",
      "working-days",
    ]);
    const text = planTermList.map((term) => `${term.title}. ${term.detail}`).join("\n");
    for (const fact of [
      "$100 off the first billing cycle",
      "No setup fee",
      "Plan changes take effect at the start of the following month.",
      "replacement at no additional cost",
      "Monday to Friday",
      "Weekend work can be arranged and may cost extra.",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("say what the FAQ says, so the two pages never contradict each other", () => {
    const term = (id: string) => planTermList.find((entry) => entry.id === id)!.detail;
    expect(faqAnswer("plan-changes")).toContain(
      `Plan changes take effect at the ${planTerms.planChangesTakeEffect}.`,
    );
    expect(term("plan-changes")).toContain(`take effect at the ${planTerms.planChangesTakeEffect}`);
    expect(faqAnswer("working-days")).toContain("Monday to Friday");
    expect(faqAnswer("working-days")).toContain("Weekend work can be arranged and may cost extra.");
    expect(term("working-days")).toContain("Weekend work can be arranged and may cost extra.");
    expect(faqAnswer("setup-fee")).toContain("There is no setup fee");
    expect(faqAnswer("replacement")).toContain("replacement virtual assistant at no additional cost");
  });

  it("are what the home page's plan step points to", () => {
    expect(steps.find((step) => step.title === "Choose a Suitable Plan")?.href).toBe("/pricing");
  });
});
