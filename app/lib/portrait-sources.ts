/**
 * Which files a picture of a person comes in. The bundled demo portraits
 * (`/images/consultants/<slug>.webp`, drawn by scripts/generate-portraits.ts) exist in every width
 * below, as AVIF and WebP; `<slug>.webp` itself is the 256 px WebP, the one the JSON API links to.
 * Any other picture (a staff or customer upload: one 256 px WebP; a preview of a chosen file) is
 * shown as it is.
 */

/** 96: admin lists and small previews (40–96 CSS px); 256: cards and the booking page; 512: their 2x. */
export const PORTRAIT_WIDTHS = [96, 256, 512] as const;
/** The width whose WebP has no suffix (the stored path). */
const PORTRAIT_BASE_WIDTH = 256;
const PORTRAIT_FOLDER = "/images/consultants/";

const bundled = /^\/images\/consultants\/([a-z0-9-]+)\.webp$/;

/** The file name (without folder) of one generated variant. */
export function portraitFileName(slug: string, width: number, format: "avif" | "webp"): string {
  return width === PORTRAIT_BASE_WIDTH ? `${slug}.${format}` : `${slug}-${width}.${format}`;
}

export interface PortraitSources {
  /** A `srcset` of AVIF files, when the picture has them. */
  avif?: string;
  /** A `srcset` for the `<img>` itself, when the picture comes in several widths. */
  srcSet?: string;
}

export function portraitSources(src: string): PortraitSources {
  const slug = bundled.exec(src)?.[1];
  if (!slug) return {};
  const srcset = (format: "avif" | "webp") =>
    PORTRAIT_WIDTHS.map(
      (width) => `${PORTRAIT_FOLDER}${portraitFileName(slug, width, format)} ${width}w`,
    ).join(", ");
  return { avif: srcset("avif"), srcSet: srcset("webp") };
}
