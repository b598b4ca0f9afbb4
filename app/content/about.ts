/** Copy of the About page: the mission and the values we work by. */
export const mission = {
  lead: "We are more than a virtual assistant agency. Vetted assistants, a coordinator who knows your business and a clear plan from day one: that is how we help owners grow without the busywork.",
  statement:
    "Our mission is to give business owners their time back for the work only they can do, by pairing them with reliable, well-supported virtual assistants who care about their business as much as they do.",
  detail:
    "We believe delegation should feel like gaining a teammate, not managing a vendor. That is why every client has a coordinator, every assistant is vetted, and every partnership starts with a clear plan.",
} as const;

export type ValueIcon = "reliability" | "confidentiality" | "communication" | "partnership";

export const values: { title: string; body: string; icon: ValueIcon }[] = [
  {
    title: "Reliability",
    body: "We do what we said, when we said. Deadlines and response times are agreed up front and kept.",
    icon: "reliability",
  },
  {
    title: "Confidentiality",
    body: "Your clients, data and accounts are handled with care: least-privilege access, secure password sharing and signed confidentiality agreements.",
    icon: "confidentiality",
  },
  {
    title: "Clear communication",
    body: "Regular updates in plain language and no surprises. You always know what is done and what comes next.",
    icon: "communication",
  },
  {
    title: "Partnership",
    body: "We measure our success by yours, and we adapt the support as your business grows.",
    icon: "partnership",
  },
];
