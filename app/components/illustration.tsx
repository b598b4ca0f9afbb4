import type { ReactNode } from "react";
import type { IllustrationName } from "~/content/service-summaries";
import { A, G, L, P, V, W, X } from "./illustration-palette";

/**
 * Small drawn scenes for services and their parts: one per name, all on the same 160 × 120 canvas,
 * all in the brand purples with one amber accent. Decorative only (the text beside them says it all).
 */

/** The shared stage: a soft panel, two faint circles and a shadow for the scene to stand on. */
function Backdrop() {
  return (
    <>
      <rect width="160" height="120" rx="16" fill={X} />
      <circle cx="136" cy="20" r="24" fill={L} opacity=".35" />
      <circle cx="16" cy="102" r="16" fill={L} opacity=".3" />
      <ellipse cx="80" cy="105" rx="52" ry="5" fill={L} opacity=".7" />
    </>
  );
}

/** A white card with a light outline. */
function Card({ x, y, w, h, r = 6 }: { x: number; y: number; w: number; h: number; r?: number }) {
  return <rect x={x} y={y} width={w} height={h} rx={r} fill={W} stroke={L} strokeWidth="2" />;
}

/** Lines of "text": the last one shorter. */
function Lines({
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
}) {
  return (
    <>
      {Array.from({ length: n }, (_, i) => y + i * gap).map((top) => (
        <rect
          key={top}
          x={x}
          y={top}
          width={n > 1 && top === y + (n - 1) * gap ? w * 0.6 : w}
          height="3"
          rx="1.5"
          fill={fill}
        />
      ))}
    </>
  );
}

/** A four-pointed sparkle. */
function Spark({ x, y, r, fill = A }: { x: number; y: number; r: number; fill?: string }) {
  return (
    <path
      d={`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}Z`}
      fill={fill}
    />
  );
}

/** A check mark drawn as a stroke, centred on x, y. */
function Tick({
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
}) {
  return (
    <path
      d={`M${x - s} ${y}l${s * 0.7} ${s * 0.7} ${s * 1.3}-${s * 1.4}`}
      fill="none"
      stroke={stroke}
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

/** A window-style card with a coloured top bar (browser, app, panel). */
function Panel({ x, y, w, h, bar = L }: { x: number; y: number; w: number; h: number; bar?: string }) {
  return (
    <>
      <Card x={x} y={y} w={w} h={h} />
      <path d={`M${x} ${y + 6}a6 6 0 0 1 6-6h${w - 12}a6 6 0 0 1 6 6v6H${x}Z`} fill={bar} />
    </>
  );
}

function star(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

function rays(cx: number, cy: number, inner: number, outer: number, degrees: number[]): string {
  return degrees
    .map((degree) => {
      const a = (degree * Math.PI) / 180;
      const p = (r: number) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
      return `M${p(inner)}L${p(outer)}`;
    })
    .join("");
}

/** A paper edge cut in teeth: `count` teeth of `step` width each, drawn right to left. */
const teeth = (count: number, step: number) => `l-${step / 2}-4-${step / 2} 4`.repeat(count);

const round = { strokeLinecap: "round", strokeLinejoin: "round", fill: "none" } as const;

const scenes: Record<IllustrationName, ReactNode> = {
  calendar: (
    <>
      <rect x="40" y="26" width="76" height="72" rx="8" fill={W} stroke={L} strokeWidth="2" />
      <path d="M40 34a8 8 0 0 1 8-8h60a8 8 0 0 1 8 8v10H40Z" fill={P} />
      <rect x="54" y="19" width="5" height="14" rx="2.5" fill={G} />
      <rect x="97" y="19" width="5" height="14" rx="2.5" fill={G} />
      {[52, 66, 80].map((y) =>
        [50, 64, 78, 92].map((x) => (
          <rect
            key={`${x}-${y}`}
            x={x}
            y={y}
            width="10"
            height="10"
            rx="2"
            fill={x === 78 && y === 66 ? A : L}
          />
        )),
      )}
      <circle cx="118" cy="86" r="14" fill={W} stroke={P} strokeWidth="3" />
      <path d="M118 78v8l6 4" stroke={V} strokeWidth="2.5" {...round} />
    </>
  ),
  mail: (
    <>
      <rect x="34" y="44" width="92" height="54" rx="6" fill={V} />
      <rect x="44" y="26" width="72" height="50" rx="4" fill={W} />
      <Lines x={52} y={36} w={56} />
      <path d="M34 58l46 26 46-26v34a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z" fill={P} />
      <path d="M36 96l30-20M124 96l-30-20" stroke={V} strokeWidth="2" {...round} />
      <circle cx="124" cy="40" r="10" fill={A} stroke={W} strokeWidth="2" />
      <circle cx="124" cy="40" r="3.5" fill={W} />
    </>
  ),
  files: (
    <>
      <path d="M34 40a6 6 0 0 1 6-6h22l8 8h50a6 6 0 0 1 6 6v44a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z" fill={V} />
      <g transform="rotate(-6 70 50)">
        <rect x="46" y="28" width="54" height="44" rx="3" fill={W} stroke={L} />
        <Lines x={52} y={36} w={40} />
      </g>
      <g transform="rotate(5 92 52)">
        <rect x="64" y="32" width="54" height="44" rx="3" fill={W} stroke={L} />
        <Lines x={70} y={40} w={40} />
      </g>
      <path d="M30 58a6 6 0 0 1 6-6h88a6 6 0 0 1 6 6l-4 34a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z" fill={P} />
      <rect x="66" y="68" width="28" height="9" rx="4.5" fill={A} />
    </>
  ),
  headset: (
    <>
      <path d="M50 72v-10a30 30 0 0 1 60 0v10" stroke={P} strokeWidth="6" {...round} />
      <rect x="40" y="60" width="16" height="28" rx="8" fill={V} />
      <rect x="104" y="60" width="16" height="28" rx="8" fill={V} />
      <path d="M48 88c0 10 8 12 22 12h4" stroke={P} strokeWidth="3" {...round} />
      <circle cx="78" cy="100" r="5" fill={A} />
      <path
        d="M112 14h28a8 8 0 0 1 8 8v10a8 8 0 0 1-8 8h-14l-8 7v-7h-6a8 8 0 0 1-8-8V22a8 8 0 0 1 8-8Z"
        fill={W}
        stroke={L}
        strokeWidth="2"
      />
      {[118, 126, 134].map((x) => (
        <circle key={x} cx={x} cy="27" r="2.5" fill={P} />
      ))}
    </>
  ),
  sparkles: (
    <>
      <rect x="28" y="70" width="38" height="28" rx="5" fill={V} />
      <rect x="24" y="62" width="46" height="10" rx="3" fill={P} />
      <rect x="44" y="62" width="6" height="36" fill={A} />
      <path d="M66 92l38-40" stroke={P} strokeWidth="7" strokeLinecap="round" />
      <path d="M66 92l8-8.4" stroke={G} strokeWidth="7" strokeLinecap="round" />
      <Spark x={110} y={44} r={15} />
      <Spark x={80} y={30} r={8} fill={V} />
      <Spark x={132} y={70} r={9} fill={V} />
      <Spark x={134} y={28} r={5} fill={P} />
      <circle cx="100" cy="76" r="3" fill={L} />
    </>
  ),
  share: (
    <>
      <rect x="56" y="16" width="48" height="86" rx="8" fill={P} />
      <rect x="60" y="24" width="40" height="68" rx="3" fill={W} />
      <rect x="64" y="30" width="32" height="24" rx="2" fill={L} />
      <path d="M64 54l10-11 8 7 5-4 9 8Z" fill={V} />
      <circle cx="89" cy="36" r="3" fill={A} />
      <Lines x={64} y={62} w={32} n={3} gap={7} />
      <circle cx="120" cy="40" r="13" fill={W} stroke={L} strokeWidth="2" />
      <path d="M120 47c-6-4-9-7-9-10.5a4.5 4.5 0 0 1 9-1 4.5 4.5 0 0 1 9 1c0 3.5-3 6.5-9 10.5Z" fill={A} />
      <path
        d="M24 68h24a6 6 0 0 1 6 6v8a6 6 0 0 1-6 6h-4v7l-8-7H24a6 6 0 0 1-6-6v-8a6 6 0 0 1 6-6Z"
        fill={V}
      />
      {[28, 36, 44].map((x) => (
        <circle key={x} cx={x} cy="78" r="2" fill={W} />
      ))}
    </>
  ),
  pen: (
    <>
      <rect x="38" y="20" width="66" height="82" rx="4" fill={W} stroke={L} strokeWidth="2" />
      <rect x="46" y="30" width="34" height="5" rx="2.5" fill={P} />
      <Lines x={46} y={42} w={50} n={4} />
      <rect x="46" y="76" width="22" height="16" rx="2" fill={L} />
      <path d="M74 90q5-6 10 0t10 0" stroke={V} strokeWidth="2" {...round} />
      <g transform="rotate(35 114 56)">
        <rect x="108" y="20" width="12" height="48" rx="4" fill={P} />
        <rect x="108" y="58" width="12" height="6" fill={A} />
        <path d="M108 68h12l-6 16Z" fill={V} />
        <rect x="117" y="24" width="2" height="22" rx="1" fill={L} />
      </g>
    </>
  ),
  search: (
    <>
      <Panel x={26} y={24} w={86} h={66} />
      <rect x="34" y="44" width="62" height="9" rx="4.5" fill={X} stroke={L} />
      {[60, 70, 80].map((y) => (
        <g key={y}>
          <rect x="34" y={y} width="6" height="6" rx="1.5" fill={y === 60 ? A : L} />
          <rect x="44" y={y + 1.5} width={y === 60 ? 36 : 28} height="3" rx="1.5" fill={G} />
        </g>
      ))}
      <circle cx="108" cy="70" r="18" fill={W} fillOpacity=".85" stroke={P} strokeWidth="6" />
      <path d="M121 83l14 14" stroke={P} strokeWidth="8" strokeLinecap="round" />
      <rect x="99" y="72" width="4" height="6" rx="1" fill={A} />
      <rect x="106" y="66" width="4" height="12" rx="1" fill={V} />
      <rect x="113" y="61" width="4" height="17" rx="1" fill={P} />
    </>
  ),
  layout: (
    <>
      <Panel x={28} y={20} w={104} h={80} />
      <circle cx="36" cy="26" r="2" fill={A} />
      <circle cx="43" cy="26" r="2" fill={V} />
      <circle cx="50" cy="26" r="2" fill={P} />
      <rect x="36" y="40" width="88" height="24" rx="3" fill={V} />
      <rect x="42" y="46" width="38" height="4" rx="2" fill={W} />
      <rect x="42" y="54" width="24" height="3" rx="1.5" fill={W} opacity=".8" />
      <rect x="98" y="49" width="20" height="7" rx="3.5" fill={A} />
      {[36, 66, 96].map((x) => (
        <g key={x}>
          <rect x={x} y="70" width="28" height="22" rx="3" fill={X} />
          <Lines x={x + 4} y={76} w={20} n={2} gap={7} />
        </g>
      ))}
      <path
        d="M112 78v16l4-4 3 6 3-1.5-3-6h6Z"
        fill={P}
        stroke={W}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </>
  ),
  chart: (
    <>
      <Card x={28} y={22} w={104} h={76} />
      <path d="M40 34v52h80" stroke={G} strokeWidth="2" {...round} />
      {[
        [48, 18, L],
        [62, 30, V],
        [76, 24, V],
        [90, 38, P],
        [104, 46, A],
      ].map(([x, h, fill]) => (
        <rect key={x} x={x} y={86 - Number(h)} width="9" height={h} rx="2" fill={String(fill)} />
      ))}
      <path d="M52 62l14-12 14 6 14-14 14-8" stroke={P} strokeWidth="2" strokeDasharray="3 3" {...round} />
    </>
  ),
  report: (
    <>
      <rect x="44" y="24" width="72" height="78" rx="6" fill={P} />
      <rect x="50" y="32" width="60" height="64" rx="3" fill={W} />
      <rect x="66" y="18" width="28" height="12" rx="4" fill={G} />
      <rect x="72" y="22" width="16" height="4" rx="2" fill={W} />
      <circle cx="64" cy="49" r="9" fill={L} />
      <path d="M64 49v-9a9 9 0 0 1 9 9Z" fill={A} />
      <Lines x={78} y={44} w={24} n={2} />
      <Lines x={56} y={66} w={48} n={3} />
    </>
  ),
  bank: (
    <>
      <path d="M80 20l46 22H34Z" fill={P} />
      <circle cx="80" cy="34" r="4" fill={A} />
      <rect x="38" y="42" width="84" height="7" fill={V} />
      {[44, 60, 76, 92, 108].map((x) => (
        <rect key={x} x={x} y="51" width="8" height="34" fill={W} stroke={L} strokeWidth="1.5" />
      ))}
      <rect x="36" y="86" width="88" height="6" rx="1" fill={V} />
      <rect x="30" y="92" width="100" height="7" rx="2" fill={P} />
      <circle cx="134" cy="76" r="10" fill={A} />
      <circle cx="134" cy="76" r="6" fill="none" stroke={W} strokeWidth="1.5" />
    </>
  ),
  invoice: (
    <>
      <path d={`M42 20h72v76${teeth(6, 12)}Z`} fill={W} stroke={L} strokeWidth="2" strokeLinejoin="round" />
      <rect x="50" y="30" width="24" height="6" rx="3" fill={P} />
      <Lines x={50} y={46} w={56} />
      <rect x="74" y="72" width="32" height="11" rx="3" fill={X} />
      <rect x="78" y="76" width="24" height="3" rx="1.5" fill={P} />
      <circle cx="118" cy="26" r="13" fill={A} />
      <path
        d="M121.5 21.5c-1-1.2-2.4-1.6-3.7-1.6-2.2 0-3.6 1.1-3.6 2.8 0 3.9 7.6 2 7.6 6 0 1.7-1.6 2.9-3.9 2.9-1.6 0-3-.6-4-1.8M118 17.5v17"
        stroke={W}
        strokeWidth="2.2"
        {...round}
      />
    </>
  ),
  trend: (
    <>
      <Card x={28} y={22} w={104} h={76} />
      {[42, 58, 74].map((y) => (
        <path key={y} d={`M38 ${y}h84`} stroke={X} strokeWidth="2" />
      ))}
      <path d="M38 82l20-12 18 4 20-18 26-16V88H38Z" fill={L} opacity=".6" />
      <path d="M38 82l20-12 18 4 20-18" stroke={P} strokeWidth="3" {...round} />
      <path d="M96 56l22-14" stroke={A} strokeWidth="3" strokeDasharray="4 4" {...round} />
      <path d="M112 40l8-1-3 8" stroke={A} strokeWidth="3" {...round} />
      <path d="M38 88h84" stroke={G} strokeWidth="2" />
      {[
        [58, 70],
        [76, 74],
        [96, 56],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="3.5" fill={W} stroke={P} strokeWidth="2" />
      ))}
    </>
  ),
  receipt: (
    <>
      <path d={`M36 20h44v72${teeth(4, 11)}Z`} fill={W} stroke={L} strokeWidth="2" strokeLinejoin="round" />
      <Lines x={44} y={30} w={28} n={4} />
      <rect x="44" y="68" width="28" height="5" rx="2.5" fill={P} />
      <rect x="82" y="40" width="46" height="60" rx="6" fill={P} />
      <rect x="88" y="46" width="34" height="13" rx="2" fill={X} />
      <rect x="104" y="50.5" width="14" height="4" rx="1" fill={P} />
      {[65, 75, 85].map((y) =>
        [88, 100, 112].map((x) => (
          <rect
            key={`${x}-${y}`}
            x={x}
            y={y}
            width="10"
            height="7"
            rx="1.5"
            fill={x === 112 && y === 85 ? A : L}
          />
        )),
      )}
    </>
  ),
  checklist: (
    <>
      <Card x={40} y={18} w={78} h={84} />
      <rect x="48" y="27" width="40" height="5" rx="2.5" fill={P} />
      {[42, 60, 78].map((y, i) => (
        <g key={y}>
          <rect
            x="48"
            y={y}
            width="12"
            height="12"
            rx="3"
            fill={i < 2 ? P : W}
            stroke={i < 2 ? P : L}
            strokeWidth="2"
          />
          {i < 2 ? <Tick x={54} y={y + 6} s={3.5} width={2} /> : null}
          <rect x="66" y={y + 2} width="42" height="3" rx="1.5" fill={G} />
          <rect x="66" y={y + 8} width="26" height="3" rx="1.5" fill={L} />
        </g>
      ))}
      <circle cx="120" cy="92" r="12" fill={A} stroke={W} strokeWidth="2" />
      <Tick x={120} y={92} s={4.5} />
    </>
  ),
  plug: (
    <>
      <circle cx="38" cy="34" r="9" fill="none" stroke={V} strokeWidth="5" strokeDasharray="3.5 3.6" />
      <circle cx="38" cy="34" r="6.5" fill={V} />
      <circle cx="38" cy="34" r="2.5" fill={X} />
      <path d="M14 86c20 0 20-26 38-26" stroke={V} strokeWidth="4" {...round} />
      <rect x="50" y="50" width="24" height="20" rx="5" fill={P} />
      <rect x="74" y="53" width="11" height="4" rx="1" fill={G} />
      <rect x="74" y="63" width="11" height="4" rx="1" fill={G} />
      <rect x="92" y="48" width="26" height="24" rx="5" fill={V} />
      <rect x="95" y="53" width="5" height="4" rx="1" fill={P} />
      <rect x="95" y="63" width="5" height="4" rx="1" fill={P} />
      <path d="M118 60c18 0 14-26 32-26" stroke={P} strokeWidth="4" {...round} />
      <Spark x={88} y={38} r={7} />
      <Spark x={84} y={82} r={4} />
    </>
  ),
  kanban: (
    <>
      <Card x={22} y={20} w={116} h={82} />
      {[28, 66, 104].map((x, column) => (
        <g key={x}>
          <rect x={x} y="28" width="28" height="66" rx="4" fill={X} />
          <rect x={x + 4} y="33" width="14" height="3" rx="1.5" fill={P} />
          {[42, 58, 74].slice(0, 3 - column).map((top) => {
            const fill = column === 1 && top === 42 ? A : column === 2 ? V : W;
            return (
              <g key={top}>
                <rect x={x + 3} y={top} width="22" height="12" rx="2" fill={fill} stroke={L} />
                <rect x={x + 7} y={top + 4.5} width="13" height="3" rx="1.5" fill={fill === W ? G : W} />
              </g>
            );
          })}
        </g>
      ))}
    </>
  ),
  message: (
    <>
      <path
        d="M38 22h52a10 10 0 0 1 10 10v22a10 10 0 0 1-10 10H56l-12 10V64h-6a10 10 0 0 1-10-10V32a10 10 0 0 1 10-10Z"
        fill={W}
        stroke={L}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <Lines x={40} y={34} w={48} />
      <path
        d="M72 54h52a10 10 0 0 1 10 10v16a10 10 0 0 1-10 10h-4v10l-12-10H72a10 10 0 0 1-10-10V64a10 10 0 0 1 10-10Z"
        fill={P}
      />
      {[80, 92, 104, 116].map((x, i) => (
        <polygon key={x} points={star(x, 72, 5.5)} fill={i < 3 ? A : L} />
      ))}
    </>
  ),
  database: (
    <>
      <path d="M50 34v52c0 6 13.4 11 30 11s30-5 30-11V34Z" fill={V} />
      <path
        d="M50 52c0 6 13.4 11 30 11s30-5 30-11M50 70c0 6 13.4 11 30 11s30-5 30-11"
        stroke={L}
        strokeWidth="2"
        fill="none"
      />
      <ellipse cx="80" cy="34" rx="30" ry="10" fill={P} />
      <ellipse cx="76" cy="32" rx="14" ry="3.5" fill={L} opacity=".5" />
      <circle cx="100" cy="74" r="2.5" fill={W} />
      <circle cx="100" cy="56" r="2.5" fill={W} />
      <Spark x={124} y={32} r={9} />
      <Spark x={132} y={54} r={5} fill={V} />
      <Spark x={32} y={48} r={6} fill={V} />
    </>
  ),
  lightbulb: (
    <>
      <path
        d={rays(80, 46, 30, 38, [200, 235, 270, 305, 340])}
        stroke={A}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M80 22a24 24 0 0 0-14 43.5c2.5 2 4 5 4 8V78h20v-4.5c0-3 1.5-6 4-8A24 24 0 0 0 80 22Z"
        fill={W}
        stroke={P}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="80" cy="46" r="13" fill={A} opacity=".2" />
      <path d="M73 62l3.5-10 3.5 7 3.5-7 3.5 10" stroke={A} strokeWidth="2" {...round} />
      <rect x="69" y="81" width="22" height="5" rx="2.5" fill={G} />
      <rect x="71" y="88" width="18" height="5" rx="2.5" fill={G} />
      <rect x="75" y="95" width="10" height="4" rx="2" fill={V} />
    </>
  ),
  dashboard: (
    <>
      <rect x="22" y="18" width="116" height="74" rx="6" fill={P} />
      <rect x="28" y="24" width="104" height="62" rx="3" fill={W} />
      <path d="M72 92h16l4 8H68Z" fill={V} />
      <rect x="60" y="99" width="40" height="4" rx="2" fill={V} />
      <path d="M40 62a16 16 0 0 1 32 0" stroke={L} strokeWidth="6" fill="none" />
      <path d="M40 62a16 16 0 0 1 24-13.9" stroke={A} strokeWidth="6" fill="none" />
      <path d="M56 62l7-10" stroke={P} strokeWidth="2.5" strokeLinecap="round" />
      <Lines x={38} y={70} w={36} n={2} gap={6} />
      <rect x="84" y="30" width="19" height="10" rx="2" fill={X} />
      <rect x="107" y="30" width="19" height="10" rx="2" fill={X} />
      {[
        [86, 12, L],
        [94, 20, V],
        [102, 16, V],
        [110, 28, P],
        [118, 24, P],
      ].map(([x, h, fill]) => (
        <rect key={x} x={x} y={78 - Number(h)} width="6" height={h} rx="1" fill={String(fill)} />
      ))}
    </>
  ),
  target: (
    <>
      <circle cx="72" cy="60" r="38" fill={L} stroke={P} strokeWidth="3" />
      <circle cx="72" cy="60" r="29" fill={W} />
      <circle cx="72" cy="60" r="20" fill={V} />
      <circle cx="72" cy="60" r="11" fill={W} />
      <circle cx="72" cy="60" r="5" fill={A} />
      <g transform="rotate(-34 72 60)">
        <path d="M74 60h50" stroke={P} strokeWidth="4" strokeLinecap="round" />
        <path d="M118 60l9-9h9l-9 9Zm0 0l9 9h9l-9-9Z" fill={A} />
      </g>
    </>
  ),
  compass: (
    <>
      <path
        d="M20 32l28-8 28 8 28-8v64l-28 8-28-8-28 8Z"
        fill={W}
        stroke={L}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M48 24v64M76 32v64" stroke={L} strokeWidth="2" />
      <path d="M28 80q12-20 24-10t20-26" stroke={V} strokeWidth="2" strokeDasharray="3 3" {...round} />
      <circle cx="32" cy="44" r="4" fill={P} />
      <circle cx="106" cy="64" r="28" fill={P} />
      <circle cx="106" cy="64" r="22" fill={W} />
      <path d="M106 45v4M106 79v4M87 64h4M121 64h4" stroke={G} strokeWidth="2" strokeLinecap="round" />
      <path d="M106 48l6 16h-12Z" fill={A} />
      <path d="M106 80l6-16h-12Z" fill={V} />
      <circle cx="106" cy="64" r="3" fill={P} />
    </>
  ),
  wallet: (
    <>
      <g transform="rotate(-10 72 42)">
        <rect x="46" y="26" width="56" height="34" rx="4" fill={V} />
        <rect x="46" y="34" width="56" height="6" fill={P} />
      </g>
      <rect x="30" y="44" width="88" height="56" rx="8" fill={P} />
      <rect
        x="36"
        y="50"
        width="76"
        height="44"
        rx="5"
        fill="none"
        stroke={V}
        strokeWidth="1.5"
        strokeDasharray="3 3"
      />
      <path d="M118 58H92a10 10 0 0 0 0 20h26Z" fill={V} />
      <circle cx="93" cy="68" r="4" fill={A} />
      {[0, 1, 2].map((i) => (
        <ellipse key={i} cx="134" cy={96 - i * 7} rx="12" ry="4.5" fill={A} stroke={W} strokeWidth="1.5" />
      ))}
    </>
  ),
  users: (
    <>
      <circle cx="50" cy="56" r="9" fill={V} />
      <path d="M34 98v-6a16 16 0 0 1 32 0v6Z" fill={V} />
      <circle cx="110" cy="56" r="9" fill={V} />
      <path d="M94 98v-6a16 16 0 0 1 32 0v6Z" fill={V} />
      <circle cx="80" cy="50" r="12" fill={P} stroke={X} strokeWidth="3" />
      <path d="M58 100v-8a22 22 0 0 1 44 0v8Z" fill={P} stroke={X} strokeWidth="3" strokeLinejoin="round" />
      <rect x="118" y="24" width="5" height="10" rx="1" fill={A} />
      <rect x="125" y="19" width="5" height="15" rx="1" fill={A} />
      <rect x="132" y="13" width="5" height="21" rx="1" fill={A} />
    </>
  ),
  shield: (
    <>
      <path d="M80 18l32 12v24c0 22-14 36-32 44-18-8-32-22-32-44V30Z" fill={P} />
      <path d="M80 27l24 9v18c0 17-10 28-24 35-14-7-24-18-24-35V36Z" fill={V} />
      <Tick x={78} y={58} s={9} width={5} />
      <path d="M126 64l15 26h-30Z" fill={A} stroke={X} strokeWidth="2" strokeLinejoin="round" />
      <rect x="124.5" y="72" width="3" height="9" rx="1.5" fill={W} />
      <circle cx="126" cy="85" r="1.8" fill={W} />
    </>
  ),
};

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
      <Backdrop />
      {scenes[name]}
    </svg>
  );
}
