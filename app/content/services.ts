/** Names of the pictures drawn for services and their parts (see components/illustration.tsx). */
export type IllustrationName =
  | "calendar"
  | "mail"
  | "files"
  | "headset"
  | "sparkles"
  | "share"
  | "pen"
  | "search"
  | "layout"
  | "chart"
  | "report"
  | "bank"
  | "invoice"
  | "trend"
  | "receipt"
  | "checklist"
  | "plug"
  | "kanban"
  | "message"
  | "database"
  | "lightbulb"
  | "dashboard"
  | "target"
  | "compass"
  | "wallet"
  | "users"
  | "shield";

export interface SubService {
  title: string;
  description: string;
  points: string[];
  illustration: IllustrationName;
}

export interface Service {
  slug: "service1" | "service2" | "service3" | "service4" | "service5";
  path: string;
  title: string;
  tagline: string;
  /** One or two sentences for cards and the services overview. */
  summary: string;
  illustration: IllustrationName;
  subServices: SubService[];
}

export const firstCycleOffer = "$100 off the first billing cycle";

export const services: Service[] = [
  {
    slug: "service1",
    path: "/service1",
    title: "Administrative Support",
    tagline: "Hand off the busywork and get back to the work only you can do.",
    summary:
      "Calendars, inboxes, documents and customer questions handled by an assistant who learns how you like things done.",
    illustration: "calendar",
    subServices: [
      {
        title: "Calendar & Schedule Management",
        description: "Your days planned around your priorities, with no double bookings and no missed trips.",
        points: ["Appointment scheduling", "Travel arrangements"],
        illustration: "calendar",
      },
      {
        title: "Email & Communication Management",
        description: "An inbox that stays under control and correspondence that goes out on time.",
        points: ["Inbox organization", "Routine replies", "Drafting correspondence"],
        illustration: "mail",
      },
      {
        title: "File Management & Documentation",
        description: "Documents prepared, data entered and everything filed where you can find it.",
        points: ["Document preparation", "Data entry and research", "Digital filing"],
        illustration: "files",
      },
      {
        title: "Customer Service & Client Support",
        description: "Friendly, prompt answers for your customers and a clear record of what they tell you.",
        points: ["Handling inquiries", "Feedback collection"],
        illustration: "headset",
      },
      {
        title: "Customized General Assistance",
        description:
          "The tasks that fit no box: tell us what slows you down and we shape the help around it.",
        points: ["One-off tasks and errands", "Routines tailored to your business"],
        illustration: "sparkles",
      },
    ],
  },
  {
    slug: "service2",
    path: "/service2",
    title: "Digital Marketing",
    tagline: "A steady, professional presence online without taking over your week.",
    summary:
      "Social media, content, SEO and reporting run consistently, so customers keep finding and trusting you.",
    illustration: "share",
    subServices: [
      {
        title: "Social Media Management",
        description: "A posting plan that stays on schedule and an audience that hears back from you.",
        points: ["Content planning", "Engagement and community management"],
        illustration: "share",
      },
      {
        title: "Content Creation",
        description: "Words and visuals in your voice, ready to publish.",
        points: ["Blog writing", "Newsletters", "Visual content"],
        illustration: "pen",
      },
      {
        title: "SEO",
        description: "Pages that search engines understand and customers can find.",
        points: ["On-page optimization", "Keyword research", "Reporting"],
        illustration: "search",
      },
      {
        title: "Website Content Updates",
        description: "Your site kept current, from a new landing page to a quick correction.",
        points: ["Landing pages", "Blog management", "Basic edits"],
        illustration: "layout",
      },
      {
        title: "Analytics & Reporting",
        description: "Clear numbers on what works, delivered every month.",
        points: ["Performance tracking", "Social metrics", "Competitive analysis", "Monthly reporting"],
        illustration: "chart",
      },
    ],
  },
  {
    slug: "service3",
    path: "/service3",
    title: "Bookkeeping",
    tagline: "Accurate books every month, and no scramble at tax time.",
    summary: "Reconciled accounts, paid bills, sent invoices and reports you can act on.",
    illustration: "invoice",
    subServices: [
      {
        title: "Financial Reporting",
        description: "Profit and loss, balance sheet and cash flow, prepared on a schedule you can rely on.",
        points: ["Monthly statements", "Plain-language summaries"],
        illustration: "report",
      },
      {
        title: "Bank & Credit Card Reconciliation",
        description: "Every transaction matched to your records, so surprises surface early.",
        points: ["Bank accounts", "Credit cards"],
        illustration: "bank",
      },
      {
        title: "Accounts Payable & Receivable",
        description: "Money owed to you collected and money you owe paid on time.",
        points: ["Invoices", "Bill payments"],
        illustration: "invoice",
      },
      {
        title: "Budgeting & Forecasting",
        description: "A budget you can plan with and forecasts that show what is coming.",
        points: ["Annual budgets", "Cash-flow forecasts"],
        illustration: "trend",
      },
      {
        title: "Tax Preparation & Compliance",
        description: "Records organised for your accountant and deadlines tracked all year.",
        points: ["Tax-ready records", "Deadline tracking"],
        illustration: "receipt",
      },
      {
        title: "Audit Preparation",
        description: "Documents gathered and questions answered before the auditor asks.",
        points: ["Supporting documents", "Audit trails"],
        illustration: "checklist",
      },
      {
        title: "Software Setup & Integration",
        description: "Accounting tools configured, connected and understood by your team.",
        points: ["Configuration", "System integration", "Training"],
        illustration: "plug",
      },
    ],
  },
  {
    slug: "service4",
    path: "/service4",
    title: "Project Management",
    tagline: "Projects that finish on time, with everyone kept in the loop.",
    summary: "Plans, milestones, meetings and reports coordinated so your projects keep moving.",
    illustration: "kanban",
    subServices: [
      {
        title: "Planning & Coordination",
        description: "A clear plan and someone who keeps every moving part in step.",
        points: ["Tasks and milestones", "Stakeholder updates", "Meetings", "Research", "Budget tracking"],
        illustration: "kanban",
      },
      {
        title: "Documentation & Reporting",
        description: "Decisions written down and progress reported without being chased.",
        points: ["Meeting notes", "Status reports"],
        illustration: "report",
      },
      {
        title: "Feedback Management",
        description: "Feedback from clients and your team gathered, sorted and acted on.",
        points: ["Collecting feedback", "Tracking follow-ups"],
        illustration: "message",
      },
    ],
  },
  {
    slug: "service5",
    path: "/service5",
    title: "Business Data Analysis",
    tagline: "Turn the data you already have into decisions you can trust.",
    summary: "Clean data, clear dashboards and honest analysis of your market, finances and customers.",
    illustration: "dashboard",
    subServices: [
      {
        title: "Data Collection & Cleansing",
        description: "Data gathered from your tools and cleaned so the numbers add up.",
        points: ["Gathering data", "Removing duplicates and errors"],
        illustration: "database",
      },
      {
        title: "Analysis & Interpretation",
        description: "What the numbers mean for your business, in plain words.",
        points: ["Trend analysis", "Recommendations"],
        illustration: "lightbulb",
      },
      {
        title: "BI Reporting",
        description: "Dashboards that update themselves and answer the questions you ask most.",
        points: ["Dashboards", "Scheduled reports"],
        illustration: "dashboard",
      },
      {
        title: "KPI Tracking",
        description: "The few measures that matter, tracked against your goals.",
        points: ["Goal setting", "Progress reviews"],
        illustration: "target",
      },
      {
        title: "Market & Competitor Analysis",
        description: "Where you stand in your market and what your competitors are doing.",
        points: ["Market research", "Competitor benchmarks"],
        illustration: "compass",
      },
      {
        title: "Financial & Budget Analysis",
        description: "Spending and margins examined, with savings pointed out.",
        points: ["Variance analysis", "Cost reviews"],
        illustration: "wallet",
      },
      {
        title: "Customer & Sales Insights",
        description: "Who buys, what they buy and why, to guide your next move.",
        points: ["Customer segments", "Sales trends"],
        illustration: "users",
      },
      {
        title: "Risk Analysis",
        description: "Risks named early, with a plan for each.",
        points: ["Risk registers", "Scenario planning"],
        illustration: "shield",
      },
    ],
  },
];

export function findServiceByPath(path: string): Service | undefined {
  return services.find((service) => service.path === path);
}

/** The four services in the header menu and the home page cards (bookkeeping has the banner). */
export const featuredServices = services.filter((service) => service.slug !== "service3");
