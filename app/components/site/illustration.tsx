import { createElement, type ReactNode } from "react";
import type { IllustrationName } from "~/content/service-summaries";
import { officeFigures } from "./illustration-figures-office";
import { operationsFigures } from "./illustration-figures-operations";
import { backdrop, type Shape } from "./illustration-shapes";

/**
 * Small drawn scenes for services and their parts: one per name, all on the same 160 × 120 canvas,
 * all in the brand purples with one amber accent. Decorative only (the text beside them says it all).
 */
const figures: Record<IllustrationName, Shape[]> = { ...officeFigures, ...operationsFigures };

/** The shapes as SVG elements; keyed by place, as a drawing's shapes never reorder. */
function draw(shapes: Shape[]): ReactNode[] {
  return shapes.map((shape, index) => {
    if (shape.tag === "g") {
      const { tag, shapes: inner, ...attributes } = shape;
      return createElement(tag, { key: index, ...attributes }, draw(inner));
    }
    const { tag, ...attributes } = shape;
    return createElement(tag, { key: index, ...attributes });
  });
}

export function Illustration({ name, className }: { name: IllustrationName; className?: string }) {
  return (
    <svg
      viewBox="0 0 160 120"
      width="160"
      height="120"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-illustration={name}
    >
      {draw(backdrop)}
      {draw(figures[name])}
    </svg>
  );
}
