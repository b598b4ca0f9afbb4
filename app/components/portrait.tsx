import { portraitSources } from "~/lib/portrait-sources";

/**
 * A person's picture: a `<picture>` offering AVIF first and WebP to browsers without it, in the
 * widths that exist (see portrait-sources.ts). A picture in one format only (an upload) is the
 * `<img>` alone. Width and height are always set, so nothing moves when it arrives.
 */
export function Portrait({
  src,
  alt,
  width,
  height = width,
  sizes = `${width}px`,
  eager = false,
  className,
}: {
  src: string;
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
