import { describe, expect, it } from "vitest";
import { csvLine } from "./csv";

describe("csvLine", () => {
  it("quotes separators, quotes and line breaks, and ends with CRLF", () => {
    expect(csvLine(["a,b", 'say "hi"', "two\nlines", "plain"])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it("defuses what a spreadsheet would run as a formula, but leaves plain numbers alone", () => {
    expect(csvLine(["=HYPERLINK(1)", "+1", "@SUM(A1)", "-50.00", "-12", "-x"])).toBe(
      "'=HYPERLINK(1),'+1,'@SUM(A1),-50.00,-12,'-x\r\n",
    );
  });
});
