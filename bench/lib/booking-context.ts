import type { BookingContext } from "~/features/booking/booking.server";
import { noPaymentProviders } from "../../tests/setup/receipts";
import { testWaitlist } from "../../tests/setup/waitlist";

/** Booking called directly, as the sections that book in bulk do: no provider, a limit no bench reaches. */
export function benchBookingContext(zone: string): BookingContext {
  return {
    zone,
    agencyEmail: "agency@example.com",
    perUserPerMinute: 1_000,
    payments: noPaymentProviders(),
    waitlist: testWaitlist(zone),
  };
}
