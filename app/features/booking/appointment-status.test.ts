import { describe, expect, it } from "vitest";
import { appointmentStatus } from "./appointment-status";

const at = new Date("2027-05-04T17:30:00.000Z");
const none = { cancelledAt: null, paidAt: null, completedAt: null, noShowAt: null };

describe("appointmentStatus", () => {
  it("is booked until something happens, then paid once the money arrives", () => {
    expect(appointmentStatus(none)).toBe("booked");
    expect(appointmentStatus({ ...none, paidAt: at })).toBe("paid");
  });

  it("is cancelled whether or not it was paid", () => {
    expect(appointmentStatus({ ...none, cancelledAt: at })).toBe("cancelled");
    expect(appointmentStatus({ ...none, paidAt: at, cancelledAt: at })).toBe("cancelled");
  });

  it("is completed or no-show once staff record what happened, paid or not", () => {
    expect(appointmentStatus({ ...none, paidAt: at, completedAt: at })).toBe("completed");
    expect(appointmentStatus({ ...none, completedAt: at })).toBe("completed");
    expect(appointmentStatus({ ...none, paidAt: at, noShowAt: at })).toBe("no_show");
    expect(appointmentStatus({ ...none, noShowAt: at })).toBe("no_show");
  });

  it("lets what happened at the appointment win over a cancellation, as the seed's list did", () => {
    expect(appointmentStatus({ ...none, cancelledAt: at, completedAt: at })).toBe("completed");
    expect(appointmentStatus({ ...none, cancelledAt: at, noShowAt: at })).toBe("no_show");
  });
});
