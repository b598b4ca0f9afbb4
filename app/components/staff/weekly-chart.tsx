import { useId } from "react";

export interface WeeklySeries {
  /** What is counted, e.g. "Bookings" or "Revenue (USD)". */
  name: string;
  values: readonly number[];
  /** Each value as people read it ("$1,250.00"), in the same order. */
  shown: readonly string[];
}

const WIDTH = 360;
const HEIGHT = 160;
const TOP = 18;
const BOTTOM = 22;
const LEFT = 4;

/**
 * Bar charts of weekly figures, drawn as SVG on the server (no chart script), one per series, with
 * the same numbers in a table for screen readers and for anyone who wants the exact figures.
 */
export function WeeklyChart({
  title,
  weeks,
  series,
}: {
  title: string;
  /** The weeks' labels, oldest first ("Mar 1"). */
  weeks: readonly string[];
  series: readonly WeeklySeries[];
}) {
  return (
    <div>
      <div className="grid gap-6 lg:grid-cols-2">
        {series.map((one) => (
          <SeriesChart key={one.name} series={one} weeks={weeks} />
        ))}
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">{title}: the numbers</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-muted text-xs uppercase tracking-wide">
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Week of
                </th>
                {series.map((one) => (
                  <th key={one.name} scope="col" className="py-1 pr-4 text-right">
                    {one.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {weeks.map((week, index) => (
                <tr key={week}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {week}
                  </th>
                  {series.map((one) => (
                    <td key={one.name} className="py-1 pr-4 text-right tabular-nums">
                      {one.shown[index]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function SeriesChart({ series, weeks }: { series: WeeklySeries; weeks: readonly string[] }) {
  const titleId = useId();
  const highest = Math.max(0, ...series.values);
  const lowest = Math.min(0, ...series.values);
  const span = highest - lowest || 1;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + ((highest - value) / span) * plotHeight;
  const band = (WIDTH - LEFT) / Math.max(1, weeks.length);
  const bar = band * 0.62;
  const highestIndex = series.values.indexOf(highest);
  const last = series.values.length - 1;
  return (
    <figure className="rounded-xl border border-gray-200 p-3">
      <figcaption className="font-medium text-ink text-sm">{series.name} per week</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="mt-2 h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>
          {`${series.name} per week, ${weeks[0]} to ${weeks[last]}: highest ${series.shown[highestIndex] ?? "0"}, latest week ${series.shown[last] ?? "0"}.`}
        </title>
        <line x1={LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} className="stroke-gray-300" strokeWidth={1} />
        {series.values.map((value, index) => {
          const top = Math.min(y(value), y(0));
          const height = Math.max(Math.abs(y(value) - y(0)), value === 0 ? 0 : 1);
          const x = LEFT + index * band + (band - bar) / 2;
          return (
            <g key={weeks[index]}>
              <rect
                x={x}
                y={top}
                width={bar}
                height={height}
                rx={2}
                className={value < 0 ? "fill-red-400" : "fill-brand-600"}
              />
              {index === highestIndex && highest > 0 ? (
                <text
                  x={index === 0 ? x : index === last ? x + bar : x + bar / 2}
                  y={top - 5}
                  textAnchor={index === 0 ? "start" : index === last ? "end" : "middle"}
                  fontSize={11}
                  className="fill-ink"
                >
                  {series.shown[index]}
                </text>
              ) : null}
              {(last - index) % 3 === 0 ? (
                // Every third week from the latest; the latest ends at its bar so it is never cut off.
                <text
                  x={index === last ? x + bar : x + bar / 2}
                  y={HEIGHT - 6}
                  textAnchor={index === last ? "end" : "middle"}
                  fontSize={11}
                  className="fill-gray-600"
                >
                  {weeks[index]}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
