/** The eight consultant specialities (seed §2), with the slug used in /consultant/{slug}. */
export const specialities = [
  { name: "Legal Consultants", slug: "legal" },
  { name: "Financial Consultants", slug: "financial" },
  { name: "IT Consultants", slug: "it" },
  { name: "Marketing Consultants", slug: "marketing" },
  { name: "Healthcare Consultants", slug: "healthcare" },
  { name: "Sales Consultants", slug: "sales" },
  { name: "Entrepreneurial Consultants", slug: "entrepreneurial" },
  { name: "Tax Consultants", slug: "tax" },
] as const;

export type SpecialityName = (typeof specialities)[number]["name"];
export type SpecialitySlug = (typeof specialities)[number]["slug"];
export const specialityNames = specialities.map((speciality) => speciality.name) as [
  SpecialityName,
  ...SpecialityName[],
];

/** Finds a speciality by its slug or, as the old app linked, by its exact name. */
export function findSpeciality(value: string) {
  return specialities.find((speciality) => speciality.slug === value || speciality.name === value);
}
