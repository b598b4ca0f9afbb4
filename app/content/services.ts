import { type IllustrationName, type ServiceSummary, serviceSummaries } from "./service-summaries";

interface SubService {
  title: string;
  description: string;
  points: string[];
  illustration: IllustrationName;
}

export interface Service extends ServiceSummary {
  subServices: SubService[];
}

const subServicesBySlug: Record<ServiceSummary["slug"], SubService[]> = {
  service1: [
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
      description: "The tasks that fit no box: tell us what slows you down and we shape the help around it.",
      points: ["One-off tasks and errands", "Routines tailored to your business"],
      illustration: "sparkles",
    },
  ],
  service2: [
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
  service3: [
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
  service4: [
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
  service5: [
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
};

/** The five services with everything they cover. */
export const services: Service[] = serviceSummaries.map((summary) => ({
  ...summary,
  subServices: subServicesBySlug[summary.slug],
}));

export function findServiceByPath(path: string): Service | undefined {
  return services.find((service) => service.path === path);
}
