export interface Step {
  title: string;
  description: string;
  /** A page that tells more about the step; its title links there. */
  href?: string;
}

/** What to Expect: the path from first contact to results. */
export const steps: Step[] = [
  {
    title: "Request a Free Consultation",
    description: "Tell us about your business and the work you want off your plate.",
  },
  {
    title: "Choose a Suitable Plan",
    description: "Pick the hours and services that fit; change your plan as you grow.",
    href: "/pricing",
  },
  {
    title: "Get Matched with Virtual Assistant(s)",
    description: "We introduce assistants from our talent pool with the skills you need.",
  },
  {
    title: "Experience Results",
    description: "Your assistant starts work and you get your time back from week one.",
  },
];
