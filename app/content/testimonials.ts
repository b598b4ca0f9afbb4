export interface Testimonial {
  /** A short headline for the quote. */
  name: string;
  comment: string;
  /** The client's role and company. */
  position: string;
  author: string;
  rating: number;
}

export const testimonials: Testimonial[] = [
  {
    name: "Hours back every single week",
    comment:
      "Our assistant took over scheduling and the inbox in the first week. I now spend my mornings with clients instead of in my email.",
    author: "Maya Thompson",
    position: "Founder, Thompson Interiors",
    rating: 4.9,
  },
  {
    name: "Books finally under control",
    comment:
      "Reconciliations used to slip for months. Now the books close on time and I understand the reports I get.",
    author: "Daniel Ortiz",
    position: "Owner, Ortiz Coffee Roasters",
    rating: 4.9,
  },
  {
    name: "Our social media never goes quiet",
    comment:
      "Posts go out on schedule, comments get answered, and the monthly report shows exactly what is working.",
    author: "Priya Nair",
    position: "Marketing Lead, Bloom Wellness",
    rating: 4.9,
  },
  {
    name: "Projects that actually ship",
    comment:
      "Milestones, meeting notes and stakeholder updates are handled without anyone chasing. We delivered two launches early.",
    author: "Samuel Okafor",
    position: "Operations Director, Brightpath Logistics",
    rating: 4.9,
  },
];
