import type { SVGAttributes } from "react";
import { A, G, L, W, X } from "./illustration-palette";

/**
 * One element of a drawing, with its SVG attributes under React's names (`strokeWidth`), so the
 * drawing component hands them to React as they are. A group holds shapes of its own.
 */
type Attributes = Omit<SVGAttributes<SVGElement>, "children">;
export type Shape =
  | ({ tag: "rect" | "circle" | "ellipse" | "path" | "polygon" } & Attributes)
  | ({ tag: "g"; shapes: Shape[] } & Attributes);

/** The shared stage: a soft panel, two faint circles and a shadow for the scene to stand on. */
export const backdrop: Shape[] = [
  { tag: "rect", width: 160, height: 120, rx: 16, fill: X },
  { tag: "circle", cx: 136, cy: 20, r: 24, fill: L, opacity: ".35" },
  { tag: "circle", cx: 16, cy: 102, r: 16, fill: L, opacity: ".3" },
  { tag: "ellipse", cx: 80, cy: 105, rx: 52, ry: 5, fill: L, opacity: ".7" },
];

/** A white card with a light outline. */
export function card({
  x,
  y,
  w,
  h,
  r = 6,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  r?: number;
}): Shape[] {
  return [{ tag: "rect", x, y, width: w, height: h, rx: r, fill: W, stroke: L, strokeWidth: 2 }];
}

/** Lines of "text": the last one shorter. */
export function lines({
  x,
  y,
  w,
  n = 3,
  gap = 8,
  fill = G,
}: {
  x: number;
  y: number;
  w: number;
  n?: number;
  gap?: number;
  fill?: string;
}): Shape[] {
  return Array.from({ length: n }, (_, i) => y + i * gap).map((top) => ({
    tag: "rect",
    x,
    y: top,
    width: n > 1 && top === y + (n - 1) * gap ? w * 0.6 : w,
    height: 3,
    rx: 1.5,
    fill,
  }));
}

/** A four-pointed sparkle. */
export function spark({ x, y, r, fill = A }: { x: number; y: number; r: number; fill?: string }): Shape[] {
  return [
    {
      tag: "path",
      d: `M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`,
      fill,
    },
  ];
}

/** A check mark drawn as a stroke, centred on x, y. */
export function tick({
  x,
  y,
  s = 5,
  stroke = W,
  width = 2.5,
}: {
  x: number;
  y: number;
  s?: number;
  stroke?: string;
  width?: number;
}): Shape[] {
  return [
    {
      tag: "path",
      d: `M${x - s} ${y}l${s * 0.7} ${s * 0.7} ${s * 1.3}-${s * 1.4}`,
      fill: "none",
      stroke,
      strokeWidth: width,
      strokeLinecap: "round",
      strokeLinejoin: "round",
    },
  ];
}

/** A window-style card with a coloured top bar (browser, app, panel). */
export function panel({
  x,
  y,
  w,
  h,
  bar = L,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  bar?: string;
}): Shape[] {
  return [
    ...card({ x, y, w, h }),
    { tag: "path", d: `M${x} ${y + 6}a6 6 0 0 1 6-6h${w - 12}a6 6 0 0 1 6 6v6H${x}Z`, fill: bar },
  ];
}

/** The points of a five-pointed star, for a polygon. */
export function star(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

/** Short strokes pointing away from a centre, one for each angle in degrees. */
export function rays(cx: number, cy: number, inner: number, outer: number, degrees: number[]): string {
  return degrees
    .map((degree) => {
      const a = (degree * Math.PI) / 180;
      const p = (r: number) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
      return `M${p(inner)}L${p(outer)}`;
    })
    .join("");
}

/** A paper edge cut in teeth: `count` teeth of `step` width each, drawn right to left. */
export const teeth = (count: number, step: number) => `l-${step / 2}-4-${step / 2} 4`.repeat(count);

/** Round ends and joins for an unfilled stroke. */
export const round = { strokeLinecap: "round", strokeLinejoin: "round", fill: "none" } as const;
