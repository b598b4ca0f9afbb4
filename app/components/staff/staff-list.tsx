import { Fragment, type ReactNode } from "react";

/** One column of a staff list: its header, and what each row shows under it. */
export interface StaffColumn<Row> {
  /** The table's header, and the label of the value on a phone's card; unique among the columns of each. */
  header: string;
  /** What the row shows in this column (and on its card, unless `card` says otherwise). */
  cell: (row: Row) => ReactNode;
  /** What the card shows instead, when the table's cell does not read well there. */
  card?: (row: Row) => ReactNode;
  /** Right-aligned with even-width digits, for money and counts (the table only). */
  alignRight?: boolean;
  /** Kept on one line (the table only). */
  nowrap?: boolean;
  /** A width for the header when the table's columns are fixed, e.g. "w-[34%]". */
  width?: string;
  /** Further classes of the value, in the table's cell and on the card alike (e.g. "break-all"). */
  className?: string;
  /** Shown only in the table (say, a state the card's title already shows), or only on the cards. */
  only?: "table" | "cards";
  /** Heads the card, above its labelled values: the row's name, usually a link to it. */
  cardTitle?: boolean;
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/**
 * A server-rendered list of staff records: a table at desk widths, and the same rows as cards on a
 * phone (each a list of label and value), so nothing scrolls sideways. The columns say both once.
 */
export function StaffList<Row extends { id: string }>({
  caption,
  columns,
  rows,
  spacing = "mt-6",
  fixed = false,
  alignTop = false,
}: {
  /** The table's name for screen readers, e.g. "Appointments". */
  caption: string;
  columns: StaffColumn<Row>[];
  rows: Row[];
  /** The space above the list: less when a count line sits just above it. */
  spacing?: "mt-3" | "mt-6";
  /** Column widths from each column's `width` rather than from the content. */
  fixed?: boolean;
  /** Cells start at the top of their row rather than its middle. */
  alignTop?: boolean;
}) {
  const tableColumns = columns.filter((column) => column.only !== "cards");
  const cardColumns = columns.filter((column) => column.only !== "table");
  const titles = cardColumns.filter((column) => column.cardTitle);
  const facts = cardColumns.filter((column) => !column.cardTitle);
  const onCard = (column: StaffColumn<Row>, row: Row) => (column.card ?? column.cell)(row);
  return (
    <>
      <ul className={classes(spacing, "space-y-3 md:hidden")}>
        {rows.map((row) => (
          <li key={row.id} className="rounded-2xl border border-gray-200 bg-white p-4">
            {titles.map((column) => (
              <Fragment key={column.header}>{onCard(column, row)}</Fragment>
            ))}
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {facts.map((column) => (
                <Fragment key={column.header}>
                  <dt className="text-muted">{column.header}</dt>
                  <dd className={column.className}>{onCard(column, row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div
        className={classes(
          spacing,
          "hidden overflow-hidden rounded-2xl border border-gray-200 bg-white md:block",
        )}
      >
        <table className={classes("w-full", fixed && "table-fixed", "text-left text-sm")}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface text-muted text-xs uppercase tracking-wide">
            <tr>
              {tableColumns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={classes(column.width, "px-4 py-3", column.alignRight && "text-right")}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.id} className={alignTop ? "align-top" : undefined}>
                {tableColumns.map((column) => (
                  <td
                    key={column.header}
                    className={classes(
                      column.nowrap && "whitespace-nowrap",
                      column.className,
                      "px-4 py-3",
                      column.alignRight && "text-right tabular-nums",
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
