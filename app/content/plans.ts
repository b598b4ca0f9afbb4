import { firstCycleOffer } from "./offers";

/**
 * The monthly virtual-assistant plans and the terms that come with every plan. The pricing page,
 * the contact form's Plan choice, the server's check of that choice and the staff pages read this
 * one list; docs/decisions/0016-plans-and-pricing.md says why plans are content, not a table.
 */

/** Plan slugs as they appear in `/contact?plan=<slug>` and in the stored inquiry. Never rename one. */
export const planSlugs = ["starter", "growth", "dedicated"] as const;

export type PlanSlug = (typeof planSlugs)[number];

export interface Plan {
  slug: PlanSlug;
  name: string;
  /** Hours of assistant work in one monthly billing cycle. */
  hoursPerMonth: number;
  /** Whole cycle, in US cents (DESIGN.md §3: money in integer cents). */
  pricePerMonthCents: number;
  /** One sentence: who the plan suits. */
  suits: string;
  /** What the plan includes, as short lines. */
  included: string[];
}

export const planCurrency = "USD";

export const plans: Plan[] = [
  {
    slug: "starter",
    name: "Starter",
    hoursPerMonth: 20,
    pricePerMonthCents: 380_00,
    suits: "Owners who want a few hours of help each week with email, scheduling or bookkeeping.",
    included: [
      "20 hours of work a month, about 5 a week",
      "One virtual assistant who learns your routines",
      "Tasks from any of our five services",
      "A short written summary of the work each week",
    ],
  },
  {
    slug: "growth",
    name: "Growth",
    hoursPerMonth: 60,
    pricePerMonthCents: 1_080_00,
    suits: "Small teams with steady weekly work across marketing, admin and reporting.",
    included: [
      "60 hours of work a month, about 15 a week",
      "One main assistant, with a second for specialist tasks",
      "Tasks from any of our five services",
      "A weekly summary and a monthly review call",
    ],
  },
  {
    slug: "dedicated",
    name: "Dedicated",
    hoursPerMonth: 160,
    pricePerMonthCents: 2_720_00,
    suits: "Businesses that want one assistant working for them full time.",
    included: [
      "160 hours of work a month, a full working week",
      "One assistant who works only for you, on a schedule you agree",
      "Tasks from any of our five services",
      "A weekly summary and a monthly review call",
    ],
  },
];

export function findPlan(slug: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.slug === slug);
}

/** Plans are priced in whole dollars, so "$1,080" reads better than "$1,080.00". */
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: planCurrency,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "$1,080": the monthly price as the pricing page and staff read it. */
export function planPrice(plan: Plan): string {
  return wholeDollars.format(plan.pricePerMonthCents / 100);
}

/** "$18": what one hour costs on the plan, to the nearest dollar, so plans compare at a glance. */
export function planHourlyPrice(plan: Plan): string {
  return wholeDollars.format(Math.round(plan.pricePerMonthCents / plan.hoursPerMonth / 100));
}

/** "Growth (60 hours for $1,080 a month)": a plan in one line, for forms, e-mails and staff pages. */
export function describePlan(plan: Plan): string {
  return `${plan.name} (${plan.hoursPerMonth} hours for ${planPrice(plan)} a month)`;
}

/** The terms every plan comes with (the seed's FAQ facts), each stated once. */
export const planTerms = {
  firstCycleOffer,
  setupFeeCents: 0,
  /** A change asked for during a month applies from the first day of the next. */
  planChangesTakeEffect: "start of the following month",
  replacementAtNoCost: true,
  workingDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  weekendWorkMayCostExtra: true,
} as const;

export interface PlanTerm {
  id: "first-cycle-offer" | "setup-fee" | "plan-changes" | "replacement" | "working-days";
  title: string;
  detail: string;
}

const firstWorkingDay = planTerms.workingDays[0];
const lastWorkingDay = planTerms.workingDays.at(-1);

/** The terms as a business owner reads them on the pricing page. */
export const planTermList: PlanTerm[] = [
  {
    id: "first-cycle-offer",
    title: `${firstCycleOffer[0]?.toUpperCase()}${firstCycleOffer.slice(1)}`,
    detail: "For new clients, on any plan: it comes off your first monthly invoice.",
  },
  {
    id: "setup-fee",
    title: "No setup fee",
    detail: "You pay only the monthly price of your plan.",
  },
  {
    id: "plan-changes",
    title: "Change plans as you grow",
    detail: `Move to a larger or smaller plan at any time. Plan changes take effect at the ${planTerms.planChangesTakeEffect}.`,
  },
  {
    id: "replacement",
    title: "A replacement at no cost",
    detail: "If your assistant is not the right fit, we match you with a replacement at no additional cost.",
  },
  {
    id: "working-days",
    title: `${firstWorkingDay} to ${lastWorkingDay}`,
    detail: `Assistants work ${firstWorkingDay} to ${lastWorkingDay}. Weekend work can be arranged and may cost extra.`,
  },
];
