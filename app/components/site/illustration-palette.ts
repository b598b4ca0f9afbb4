// The drawings' palette, shared by every illustration: the Tailwind theme's brand purples, the
// amber accent and a grey. Short names, because the drawings use them on nearly every line.

/** brand-950: outlines and dark shapes. */
export const INK = "#2e1065";
/** brand-700. */
export const P = "#6d28d9";
/** brand-500. */
export const V = "#8b5cf6";
/** brand-300. */
export const L = "#c4b5fd";
/** brand-100: panels and backdrops. */
export const X = "#ede9fe";
/** brand-50. */
export const S = "#f5f3ff";
/** brand-200: card outlines. */
export const OUTLINE = "#ddd6fe";
/** accent-500: the one amber touch. */
export const A = "#f59e0b";
/** gray-400. */
export const G = "#9ca3af";
export const W = "#fff";
