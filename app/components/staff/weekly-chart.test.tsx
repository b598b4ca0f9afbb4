import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WeeklyChart } from "./weekly-chart";

const weeks = ["Mar 1", "Mar 8", "Mar 15"];

function render() {
  return renderToStaticMarkup(
    <WeeklyChart
      title="Bookings and revenue per week"
      weeks={weeks}
      series={[
        { name: "Bookings", values: [2, 0, 5], shown: ["2", "0", "5"] },
        { name: "Revenue", values: [5_000, -1_500, 0], shown: ["$50.00", "-$15.00", "$0.00"] },
      ]}
    />,
  );
}

describe("the weekly chart", () => {
  it("draws one named image per series, saying its range, highest and latest week", () => {
    const html = render();
    expect(html.match(/role="img"/g)).toHaveLength(2);
    expect(html).toContain("Bookings per week, Mar 1 to Mar 15: highest 5, latest week 5.");
    expect(html).toContain("Revenue per week, Mar 1 to Mar 15: highest $50.00, latest week $0.00.");
  });

  it("draws a refund-heavy week below the line, and an empty week as no bar", () => {
    const html = render();
    expect(html).toContain("fill-red-400");
    expect(html.match(/<rect /g)).toHaveLength(6);
    expect(html).toMatch(/<rect[^>]*height="0"/);
  });

  it("puts the same numbers in a table, one row per week", () => {
    const html = render();
    const table = html.slice(html.indexOf("<table"));
    expect(table).toContain("<caption");
    for (const cell of ["Mar 8", "0", "-$15.00", "Mar 15", "5", "$0.00"]) {
      expect(table).toContain(`>${cell}<`);
    }
    expect(table.match(/<tr>/g)).toHaveLength(4);
  });
});
