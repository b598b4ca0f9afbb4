/**
 * Monograms: how a person without a photo is shown. The demo consultants' portraits
 * (scripts/generate-portraits.ts) and the About page's team use the same initials, tints and
 * rule for picking a tint, so the two read as one family.
 */

/** Up to two initials: first and last name ("Mary Ann Lee" → "ML"), upper case. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const chosen = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return chosen.map((part) => part.charAt(0).toLocaleUpperCase("en-US")).join("");
}

export interface MonogramTint {
  /** Theme colour names (app/app.css `--color-*`): the background, a softer shape on it, the letters. */
  background: string;
  shape: string;
  ink: string;
  /** The same as Tailwind classes, written out so Tailwind finds them. */
  className: string;
}

/**
 * Three light brand tints with dark brand letters: calm, and every pair keeps the letters above
 * WCAG AA for normal text (4.5:1; monogram.test.ts checks it against the theme's values).
 */
export const monogramTints: readonly MonogramTint[] = [
  { background: "brand-100", shape: "brand-50", ink: "brand-800", className: "bg-brand-100 text-brand-800" },
  { background: "brand-50", shape: "brand-100", ink: "brand-700", className: "bg-brand-50 text-brand-700" },
  { background: "brand-200", shape: "brand-100", ink: "brand-900", className: "bg-brand-200 text-brand-900" },
];

/** The tint of a name: the same every time, spread evenly over the tints. */
export function monogramTint(name: string): MonogramTint {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return monogramTints[hash % monogramTints.length]!;
}
