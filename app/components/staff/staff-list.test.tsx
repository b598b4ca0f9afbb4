import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type StaffColumn, StaffList } from "./staff-list";

type Row = { id: string; name: string; fee: string; note: string };

const rows: Row[] = [
  { id: "a", name: "Ada Lovelace", fee: "$40.00", note: "Card only" },
  { id: "b", name: "Alan Turing", fee: "$55.00", note: "Card only" },
];

const columns: StaffColumn<Row>[] = [
  { header: "Name", cell: (row) => <a href={`/people/${row.id}`}>{row.name}</a>, cardTitle: true },
  { header: "Fee", cell: (row) => row.fee, alignRight: true, nowrap: true },
  { header: "Status", cell: () => "Table only", only: "table" },
  { header: "Note", cell: (row) => row.note, only: "cards" },
];

function render() {
  return renderToStaticMarkup(<StaffList caption="People" columns={columns} rows={rows} />);
}

/** The phone's cards and the desk's table, each as its own piece of markup. */
function parts() {
  const html = render();
  const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
  const cards = html.slice(html.indexOf("<ul"), html.indexOf("</ul>"));
  return { table, cards };
}

describe("the staff list", () => {
  it("puts each row in a named table with column headers, for desk widths", () => {
    const { table } = parts();
    expect(render()).toMatch(/<div class="[^"]*hidden[^"]*md:block[^"]*"><table/);
    expect(table).toContain('<caption class="sr-only">People</caption>');
    expect(table.match(/<th scope="col"/g)).toHaveLength(3);
    expect(table).toMatch(/<th scope="col"[^>]*>Fee<\/th>/);
    expect(table).toMatch(/<td class="[^"]*whitespace-nowrap[^"]*text-right[^"]*">\$40\.00<\/td>/);
    expect(table.match(/<tr>/g)).toHaveLength(3);
  });

  it("shows the same rows as cards on a phone, the header labelling each value", () => {
    const { cards } = parts();
    expect(render()).toMatch(/<ul class="[^"]*md:hidden[^"]*">/);
    expect(cards.match(/<li /g)).toHaveLength(2);
    expect(cards).toContain('<dt class="text-muted">Fee</dt><dd>$40.00</dd>');
    expect(cards).toContain('<dt class="text-muted">Fee</dt><dd>$55.00</dd>');
  });

  it("heads a card with its title column instead of labelling it", () => {
    const { cards } = parts();
    expect(cards).toContain('<a href="/people/a">Ada Lovelace</a><dl');
    expect(cards).not.toContain(">Name</dt>");
  });

  it("keeps a column to the table or to the cards when it says so", () => {
    const { table, cards } = parts();
    expect(table).toContain(">Table only</td>");
    expect(table).not.toContain("Card only");
    expect(cards).toContain('<dt class="text-muted">Note</dt><dd>Card only</dd>');
    expect(cards).not.toContain("Table only");
  });
});
