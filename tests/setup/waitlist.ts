import type { WaitlistSettings } from "~/features/waitlist/offers.server";

/** Waitlist settings for a feature called directly: the default hold unless a test shortens it. */
export function testWaitlist(zone: string, holdSeconds = 1800): WaitlistSettings {
  return { zone, holdSeconds, publicUrl: "http://localhost:3000" };
}
