import { renderToStaticMarkup } from "react-dom/server";
import type { IllustrationName } from "~/content/service-summaries";
import { Illustration } from "./illustration";

/**
 * An illustration as SVG markup, drawn on the server. Pages that only show a few pictures take
 * the markup from their loader, so the drawings of all 27 pictures stay out of their JavaScript.
 */
export function illustrationMarkup(name: IllustrationName, className?: string): string {
  return renderToStaticMarkup(<Illustration name={name} className={className} />);
}
