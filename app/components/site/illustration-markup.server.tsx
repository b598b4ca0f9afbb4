import { renderToStaticMarkup } from "react-dom/server";
import type { IllustrationName } from "~/content/service-summaries";
import { AboutIllustration } from "./about-illustration";
import { HeroIllustration } from "./hero-illustration";
import { Illustration } from "./illustration";

/**
 * An illustration as SVG markup, drawn on the server. Pages that only show a few pictures take
 * the markup from their loader, so the drawings of all 27 pictures stay out of their JavaScript.
 */
export function illustrationMarkup(name: IllustrationName, className?: string): string {
  return renderToStaticMarkup(<Illustration name={name} className={className} />);
}

/** The About page's picture as SVG markup, for its loader (see illustrationMarkup). */
export function aboutIllustrationMarkup(className?: string): string {
  return renderToStaticMarkup(<AboutIllustration className={className} />);
}

/** The home page's hero picture as SVG markup, for its loader (see illustrationMarkup). */
export function heroIllustrationMarkup(className?: string): string {
  return renderToStaticMarkup(<HeroIllustration className={className} />);
}
