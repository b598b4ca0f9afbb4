import type { IllustrationName } from "~/content/service-summaries";
import { A, G, L, P, V, W, X } from "./illustration-palette";
import { card, lines, panel, round, type Shape, spark } from "./illustration-shapes";

/** The pictures of Administrative Support and Digital Marketing and their parts. */
export const officeFigures = {
  calendar: [
    { tag: "rect", x: 40, y: 26, width: 76, height: 72, rx: 8, fill: W, stroke: L, strokeWidth: 2 },
    { tag: "path", d: "M40 34a8 8 0 0 1 8-8h60a8 8 0 0 1 8 8v10H40Z", fill: P },
    { tag: "rect", x: 54, y: 19, width: 5, height: 14, rx: 2.5, fill: G },
    { tag: "rect", x: 97, y: 19, width: 5, height: 14, rx: 2.5, fill: G },
    ...[52, 66, 80].flatMap((y): Shape[] =>
      [50, 64, 78, 92].map(
        (x): Shape => ({
          tag: "rect",
          x,
          y,
          width: 10,
          height: 10,
          rx: 2,
          fill: x === 78 && y === 66 ? A : L,
        }),
      ),
    ),
    { tag: "circle", cx: 118, cy: 86, r: 14, fill: W, stroke: P, strokeWidth: 3 },
    { tag: "path", d: "M118 78v8l6 4", stroke: V, strokeWidth: 2.5, ...round },
  ],
  mail: [
    { tag: "rect", x: 34, y: 44, width: 92, height: 54, rx: 6, fill: V },
    { tag: "rect", x: 44, y: 26, width: 72, height: 50, rx: 4, fill: W },
    ...lines({ x: 52, y: 36, w: 56 }),
    { tag: "path", d: "M34 58l46 26 46-26v34a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z", fill: P },
    { tag: "path", d: "M36 96l30-20M124 96l-30-20", stroke: V, strokeWidth: 2, ...round },
    { tag: "circle", cx: 124, cy: 40, r: 10, fill: A, stroke: W, strokeWidth: 2 },
    { tag: "circle", cx: 124, cy: 40, r: 3.5, fill: W },
  ],
  files: [
    {
      tag: "path",
      d: "M34 40a6 6 0 0 1 6-6h22l8 8h50a6 6 0 0 1 6 6v44a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z",
      fill: V,
    },
    {
      tag: "g",
      transform: "rotate(-6 70 50)",
      shapes: [
        { tag: "rect", x: 46, y: 28, width: 54, height: 44, rx: 3, fill: W, stroke: L },
        ...lines({ x: 52, y: 36, w: 40 }),
      ],
    },
    {
      tag: "g",
      transform: "rotate(5 92 52)",
      shapes: [
        { tag: "rect", x: 64, y: 32, width: 54, height: 44, rx: 3, fill: W, stroke: L },
        ...lines({ x: 70, y: 40, w: 40 }),
      ],
    },
    {
      tag: "path",
      d: "M30 58a6 6 0 0 1 6-6h88a6 6 0 0 1 6 6l-4 34a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z",
      fill: P,
    },
    { tag: "rect", x: 66, y: 68, width: 28, height: 9, rx: 4.5, fill: A },
  ],
  headset: [
    { tag: "path", d: "M50 72v-10a30 30 0 0 1 60 0v10", stroke: P, strokeWidth: 6, ...round },
    { tag: "rect", x: 40, y: 60, width: 16, height: 28, rx: 8, fill: V },
    { tag: "rect", x: 104, y: 60, width: 16, height: 28, rx: 8, fill: V },
    { tag: "path", d: "M48 88c0 10 8 12 22 12h4", stroke: P, strokeWidth: 3, ...round },
    { tag: "circle", cx: 78, cy: 100, r: 5, fill: A },
    {
      tag: "path",
      d: "M112 14h28a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-14l-8 7v-7h-6a8 8 0 0 1-8-8V22a8 8 0 0 1 8-8Z",
      fill: W,
      stroke: L,
      strokeWidth: 2,
    },
    ...[118, 126, 134].map((x): Shape => ({ tag: "circle", cx: x, cy: 27, r: 2.5, fill: P })),
  ],
  sparkles: [
    { tag: "rect", x: 28, y: 70, width: 38, height: 28, rx: 5, fill: V },
    { tag: "rect", x: 24, y: 62, width: 46, height: 10, rx: 3, fill: P },
    { tag: "rect", x: 44, y: 62, width: 6, height: 36, fill: A },
    { tag: "path", d: "M66 92l38-40", stroke: P, strokeWidth: 7, strokeLinecap: "round" },
    { tag: "path", d: "M66 92l8-8.4", stroke: G, strokeWidth: 7, strokeLinecap: "round" },
    ...spark({ x: 110, y: 44, r: 15 }),
    ...spark({ x: 80, y: 30, r: 8, fill: V }),
    ...spark({ x: 132, y: 70, r: 9, fill: V }),
    ...spark({ x: 134, y: 28, r: 5, fill: P }),
    { tag: "circle", cx: 100, cy: 76, r: 3, fill: L },
  ],
  share: [
    { tag: "rect", x: 56, y: 16, width: 48, height: 86, rx: 8, fill: P },
    { tag: "rect", x: 60, y: 24, width: 40, height: 68, rx: 3, fill: W },
    { tag: "rect", x: 64, y: 30, width: 32, height: 24, rx: 2, fill: L },
    { tag: "path", d: "M64 54l10-11 8 7 5-4 9 8Z", fill: V },
    { tag: "circle", cx: 89, cy: 36, r: 3, fill: A },
    ...lines({ x: 64, y: 62, w: 32, n: 3, gap: 7 }),
    { tag: "circle", cx: 120, cy: 40, r: 13, fill: W, stroke: L, strokeWidth: 2 },
    {
      tag: "path",
      d: "M120 47c-6-4-9-7-9-10.5a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 3.5-3 6.5-9 10.5Z",
      fill: A,
    },
    {
      tag: "path",
      d: "M24 68h24a6 6 0 0 1 6 6v8a6 6 0 0 1-6 6h-4v7l-8-7H24a6 6 0 0 1-6-6v-8a6 6 0 0 1 6-6Z",
      fill: V,
    },
    ...[28, 36, 44].map((x): Shape => ({ tag: "circle", cx: x, cy: 78, r: 2, fill: W })),
  ],
  pen: [
    { tag: "rect", x: 38, y: 20, width: 66, height: 82, rx: 4, fill: W, stroke: L, strokeWidth: 2 },
    { tag: "rect", x: 46, y: 30, width: 34, height: 5, rx: 2.5, fill: P },
    ...lines({ x: 46, y: 42, w: 50, n: 4 }),
    { tag: "rect", x: 46, y: 76, width: 22, height: 16, rx: 2, fill: L },
    { tag: "path", d: "M74 90q5-6 10 0t10 0", stroke: V, strokeWidth: 2, ...round },
    {
      tag: "g",
      transform: "rotate(35 114 56)",
      shapes: [
        { tag: "rect", x: 108, y: 20, width: 12, height: 48, rx: 4, fill: P },
        { tag: "rect", x: 108, y: 58, width: 12, height: 6, fill: A },
        { tag: "path", d: "M108 68h12l-6 16Z", fill: V },
        { tag: "rect", x: 117, y: 24, width: 2, height: 22, rx: 1, fill: L },
      ],
    },
  ],
  search: [
    ...panel({ x: 26, y: 24, w: 86, h: 66 }),
    { tag: "rect", x: 34, y: 44, width: 62, height: 9, rx: 4.5, fill: X, stroke: L },
    ...[60, 70, 80].map(
      (y): Shape => ({
        tag: "g",
        shapes: [
          { tag: "rect", x: 34, y, width: 6, height: 6, rx: 1.5, fill: y === 60 ? A : L },
          { tag: "rect", x: 44, y: y + 1.5, width: y === 60 ? 36 : 28, height: 3, rx: 1.5, fill: G },
        ],
      }),
    ),
    { tag: "circle", cx: 108, cy: 70, r: 18, fill: W, fillOpacity: ".85", stroke: P, strokeWidth: 6 },
    { tag: "path", d: "M121 83l14 14", stroke: P, strokeWidth: 8, strokeLinecap: "round" },
    { tag: "rect", x: 99, y: 72, width: 4, height: 6, rx: 1, fill: A },
    { tag: "rect", x: 106, y: 66, width: 4, height: 12, rx: 1, fill: V },
    { tag: "rect", x: 113, y: 61, width: 4, height: 17, rx: 1, fill: P },
  ],
  layout: [
    ...panel({ x: 28, y: 20, w: 104, h: 80 }),
    { tag: "circle", cx: 36, cy: 26, r: 2, fill: A },
    { tag: "circle", cx: 43, cy: 26, r: 2, fill: V },
    { tag: "circle", cx: 50, cy: 26, r: 2, fill: P },
    { tag: "rect", x: 36, y: 40, width: 88, height: 24, rx: 3, fill: V },
    { tag: "rect", x: 42, y: 46, width: 38, height: 4, rx: 2, fill: W },
    { tag: "rect", x: 42, y: 54, width: 24, height: 3, rx: 1.5, fill: W, opacity: ".8" },
    { tag: "rect", x: 98, y: 49, width: 20, height: 7, rx: 3.5, fill: A },
    ...[36, 66, 96].map(
      (x): Shape => ({
        tag: "g",
        shapes: [
          { tag: "rect", x, y: 70, width: 28, height: 22, rx: 3, fill: X },
          ...lines({ x: x + 4, y: 76, w: 20, n: 2, gap: 7 }),
        ],
      }),
    ),
    {
      tag: "path",
      d: "M112 78v16l4-4 3 6 3-1.5-3-6h6Z",
      fill: P,
      stroke: W,
      strokeWidth: 1.5,
      strokeLinejoin: "round",
    },
  ],
  chart: [
    ...card({ x: 28, y: 22, w: 104, h: 76 }),
    { tag: "path", d: "M40 34v52h80", stroke: G, strokeWidth: 2, ...round },
    ...[
      [48, 18, L],
      [62, 30, V],
      [76, 24, V],
      [90, 38, P],
      [104, 46, A],
    ].map(
      ([x, h, fill]): Shape => ({
        tag: "rect",
        x,
        y: 86 - Number(h),
        width: 9,
        height: h,
        rx: 2,
        fill: String(fill),
      }),
    ),
    {
      tag: "path",
      d: "M52 62l14-12 14 6 14-14 14-8",
      stroke: P,
      strokeWidth: 2,
      strokeDasharray: "3 3",
      ...round,
    },
  ],
} satisfies Partial<Record<IllustrationName, Shape[]>>;
