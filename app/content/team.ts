/**
 * The people behind the agency, shown on the About page as monograms (app/components/site/monogram.tsx):
 * the same initials-on-a-tint look as the demo consultants, drawn in HTML and CSS; no photos.
 */
export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export const teamStatement = {
  summary:
    "VA Hub is a small team of coordinators backed by a vetted pool of virtual assistants. Together we take everyday work off business owners' plates and make sure it is done well.",
  groups: [
    {
      title: "Virtual assistants",
      body: "Every assistant in our talent pool has passed skills tests, a structured interview and reference checks before working with a client. They bring experience in administration, digital marketing, bookkeeping, project management and data analysis.",
    },
    {
      title: "Coordinators",
      body: "Coordinators get to know your business, match you with the assistant whose skills and hours fit, and stay with you afterwards: checking in, arranging cover for holidays and helping the work grow as your needs change.",
    },
  ],
} as const;

export const teamMembers: TeamMember[] = [
  {
    name: "Priya Raman",
    role: "Founder & Managing Director",
    bio: "Started VA Hub after years of running operations for small businesses that needed help, not headcount.",
  },
  {
    name: "Daniel Okafor",
    role: "Head of Client Success",
    bio: "Leads the coordinators who match clients with assistants and keep every partnership on track.",
  },
  {
    name: "Elena Vargas",
    role: "Talent & Vetting Lead",
    bio: "Runs the skills tests, interviews and reference checks behind our talent pool.",
  },
  {
    name: "Marcus Chen",
    role: "Senior Coordinator",
    bio: "Guides new clients through onboarding and their assistant's first weeks.",
  },
];
