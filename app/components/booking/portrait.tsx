import { initials, monogramTint } from "~/lib/monogram";
import { portraitSources } from "~/lib/portrait-sources";

/**
 * A person's picture: a `<picture>` offering AVIF first and WebP to browsers without it, in the
 * widths that exist (see portrait-sources.ts). A picture in one format only (an upload) is the
 * `<img>` alone. Width and height are always set, so nothing moves when it arrives. Someone
 * without a picture yet (a consultant staff added without one) is drawn as their monogram.
 */
export function Portrait({
  src,
  name,
  alt,
  width,
  height = width,
  sizes = `${width}px`,
  eager = false,
  className,
}: {
  src: string;
  /** Whose picture it is: their initials stand in when `src` is empty. */
  name: string;
  alt: string;
  /** The size it is drawn at (CSS pixels), for its box before it loads. */
  width: number;
  height?: number;
  /** Which width it takes on the page, when that is not `width` (e.g. a column of a grid). */
  sizes?: string;
  /** Above the fold (the largest element of the page): load at once. Otherwise lazily. */
  eager?: boolean;
  className?: string;
}) {
  if (src === "")
    return <MonogramPortrait name={name} alt={alt} width={width} height={height} className={className} />;
  const { avif, srcSet } = portraitSources(src);
  const image = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
  if (!avif) return image;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {image}
    </picture>
  );
}

/** Initials on the person's tint, as SVG so they scale with whatever box the portrait fills. */
function MonogramPortrait({
  name,
  alt,
  width,
  height,
  className = "",
}: {
  name: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 100 100"
      width={width}
      height={height}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${monogramTint(name).className} ${className}`}
    >
      <text
        x="50"
        y="50"
        dominantBaseline="central"
        textAnchor="middle"
        fontSize="36"
        fill="currentColor"
        className="font-serif tracking-wide"
      >
        {initials(name)}
      </text>
    </svg>
  );
}
