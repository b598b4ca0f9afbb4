import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type PickerDay, SlotPicker } from "./slot-picker";

// Tuesday 1 December 2026 in New York: 1:30 PM is midnight in Kolkata (already Wednesday).
const days: PickerDay[] = [
  {
    date: "2026-12-01",
    slots: [{ startsAt: "2026-12-01T15:00:00.000Z" }, { startsAt: "2026-12-01T18:30:00.000Z" }],
  },
  { date: "2026-12-02", slots: [] },
];

describe("the slot picker", () => {
  it("names the agency's zone above the times", () => {
    const markup = renderToStaticMarkup(<SlotPicker days={days} zone="America/New_York" />);
    expect(markup).toContain("(Eastern Standard Time)");
    // Nobody else's clock to show yet: the device's zone is read in the browser.
    expect(markup).not.toContain("your time");
  });

  it("shows the customer's own time from their profile, named once, with their date where it differs", () => {
    const markup = renderToStaticMarkup(
      <SlotPicker days={days} zone="America/New_York" profileZone="Asia/Kolkata" />,
    );
    expect(markup).toContain("Under each time: your time, India Standard Time (from your profile)");
    // 10:00 AM in New York is 8:30 PM the same day in Kolkata; 1:30 PM is 12:00 AM on Wednesday.
    expect(markup).toMatch(/10:00 AM<\/span><span[^>]*>8:30 PM<span class="sr-only"> your time/);
    expect(markup).toMatch(/01:30 PM<\/span><span[^>]*>12:00 AM, Wed, Dec 2<span class="sr-only"> your time/);
  });

  it("shows nothing twice when the customer's clock is the agency's", () => {
    const markup = renderToStaticMarkup(
      <SlotPicker days={days} zone="America/New_York" profileZone="America/Detroit" />,
    );
    expect(markup).not.toContain("Under each time");
  });
});
