import type { AppointmentStatus } from "./appointment-status";

/*
 * What the staff appointment pages show, kept apart from the zod schema so the pages' browser
 * bundle does not carry zod.
 */

/** How staff may order the appointments list; the first is the default. */
export const appointmentSorts = ["starts-desc", "starts-asc", "booked-desc"] as const;
export type AppointmentSort = (typeof appointmentSorts)[number];

export const appointmentSortLabels: Record<AppointmentSort, string> = {
  "starts-desc": "Start time, latest first",
  "starts-asc": "Start time, earliest first",
  "booked-desc": "Booked, newest first",
};

export const APPOINTMENTS_PAGE_SIZE = 25;
/**
 * Past this many matches the list says "1,000+" instead of counting every row: counting a broad
 * filter to the end costs a scan of the table on every page, and staff narrow a list that long.
 */
export const APPOINTMENTS_COUNT_CAP = 1_000;

/** How staff pages name each status. */
export const staffStatusLabels: Record<AppointmentStatus, string> = {
  booked: "Booked, unpaid",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

export const staffStatusTones: Record<AppointmentStatus, "red" | "green" | "amber" | "grey"> = {
  booked: "amber",
  paid: "green",
  completed: "grey",
  cancelled: "red",
  no_show: "grey",
};
