/**
 * The old clients' JSON shapes (DESIGN.md §4), in one place: ids as `_id`, money in whole currency
 * units, the consultant as `docData`, slots as `slotDate`/`slotTime` strings, flags for what the
 * domain keeps as times. The features speak UUIDs, cents and Dates; only this module turns them
 * into what the old app sent, byte for byte (key order included), so its clients keep working.
 * Pictures are the one change: given the site's public address, they are absolute URLs, so a
 * client served from another origin can load them (DESIGN.md §4 "Foreign clients").
 */
import type { Profile } from "~/features/accounts/profile.server";
import { type AppointmentStatus, appointmentStatus } from "~/features/booking/appointment-status";
import { slotOf } from "~/features/booking/slots";
import { snapshotOf } from "~/features/consultants/consultants.server";
import { roiPercent } from "~/features/projects/projects.server";
import type { Appointment, Consultant, ConsultantSnapshot, Project } from "../../db/schema";

/** The picture every account without one of its own shows (the old app gave each user one). */
export const DEFAULT_PICTURE_PATH = "/images/default-avatar.svg";

/**
 * A stored picture (a site path such as `/uploads/….webp`) as clients get it: absolute under
 * `publicUrl` when one is given; the default picture when there is none. Absolute URLs stay as stored.
 */
export function pictureUrl(image: string, publicUrl?: string): string {
  const path = image === "" ? DEFAULT_PICTURE_PATH : image;
  if (!publicUrl || /^https?:\/\//i.test(path)) return path;
  return `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Cents as the old clients' whole currency units: 8000 → 80, 4321 → 43.21. */
export function wholeUnits(amountCents: number): number {
  return amountCents / 100;
}

/** The consultant as the old clients saw it in an appointment (`docData`): `_id`, fees in dollars. */
export type LegacyDocData = { _id: string; fees: number } & Omit<ConsultantSnapshot, "feeCents" | "currency">;

/**
 * The snapshot kept with an appointment, as `docData`. The old answers read it straight from a
 * jsonb column, which orders keys by length and then bytewise; the keys are written in that order.
 */
export function legacyDocData(
  consultantId: string,
  snapshot: ConsultantSnapshot,
  publicUrl?: string,
): LegacyDocData {
  return {
    _id: consultantId,
    fees: wholeUnits(snapshot.feeCents),
    name: snapshot.name,
    about: snapshot.about,
    image: pictureUrl(snapshot.image, publicUrl),
    degree: snapshot.degree,
    address: { line1: snapshot.address.line1, line2: snapshot.address.line2 },
    experience: snapshot.experience,
    speciality: snapshot.speciality,
  };
}

/** A consultant in `/api/doctor/list`. */
export type LegacyDoctor = LegacyDocData & {
  available: boolean;
  /** `day_month_year` → booked `hh:mm AM/PM` times, for upcoming active bookings. */
  slots_booked: Record<string, string[]>;
};

/**
 * A consultant with the start times of its upcoming bookings, told in the agency's zone. The
 * snapshot's descriptive fields come in the old list's order (name, image … about).
 */
export function legacyDoctor(
  consultant: Consultant,
  upcomingStarts: readonly Date[],
  zone: string,
  publicUrl?: string,
): LegacyDoctor {
  const slotsBooked: Record<string, string[]> = {};
  for (const startsAt of upcomingStarts) {
    const slot = slotOf(startsAt, zone);
    slotsBooked[slot.slotDate] = [...(slotsBooked[slot.slotDate] ?? []), slot.slotTime];
  }
  const { feeCents, currency: _currency, address, ...described } = snapshotOf(consultant);
  return {
    _id: consultant.id,
    ...described,
    image: pictureUrl(described.image, publicUrl),
    fees: wholeUnits(feeCents),
    address,
    available: consultant.available,
    slots_booked: slotsBooked,
  };
}

/** An appointment in `/api/user/appointments`. */
export interface LegacyAppointment {
  _id: string;
  docId: string;
  docData: LegacyDocData;
  slotDate: string;
  slotTime: string;
  startsAt: string;
  amount: number;
  currency: string;
  cancelled: boolean;
  payment: boolean;
  /** The payment went back to the client when the appointment was cancelled. */
  refunded: boolean;
  isCompleted: boolean;
  /** When it was booked, in milliseconds since 1970 (as the old app sent it). */
  date: number;
  /** Ours (DESIGN.md §4), after every field of the old shape. */
  status: AppointmentStatus;
  /** Where the session takes place online; null only for a row that never got one. */
  meetingUrl: string | null;
}

export function legacyAppointment(
  appointment: Appointment,
  zone: string,
  publicUrl?: string,
): LegacyAppointment {
  const slot = slotOf(appointment.startsAt, zone);
  return {
    _id: appointment.id,
    docId: appointment.consultantId,
    docData: legacyDocData(appointment.consultantId, appointment.consultantSnapshot, publicUrl),
    slotDate: slot.slotDate,
    slotTime: slot.slotTime,
    startsAt: appointment.startsAt.toISOString(),
    amount: wholeUnits(appointment.amountCents),
    currency: appointment.currency,
    cancelled: appointment.cancelledAt !== null,
    payment: appointment.paidAt !== null,
    refunded: appointment.refundedAt !== null,
    isCompleted: appointment.completedAt !== null,
    date: appointment.createdAt.getTime(),
    status: appointmentStatus(appointment),
    meetingUrl: appointment.meetingUrl,
  };
}

/** The signed-in user in `/api/user/get-profile` (`userData`). */
export interface LegacyProfile {
  _id: string;
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string };
  gender: Profile["gender"];
  /** `YYYY-MM-DD`, or empty. */
  dob: string;
  image: string;
}

export function legacyProfile(profile: Profile, publicUrl?: string): LegacyProfile {
  return {
    _id: profile.id,
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    address: { line1: profile.addressLine1, line2: profile.addressLine2 },
    gender: profile.gender,
    dob: profile.dateOfBirth,
    image: pictureUrl(profile.image, publicUrl),
  };
}

/** A project in `/api/project`; ROI as a percentage (8.5 means 8.5 %). */
export interface LegacyProject {
  _id: string;
  name: string;
  image: string;
  status: Project["status"];
  type: string;
  summary: string;
  investmentDetails: { roi: number };
}

export function legacyProject(project: Project, publicUrl?: string): LegacyProject {
  return {
    _id: project.id,
    name: project.name,
    // A project without a picture stays without one: the default picture is a person's.
    image: project.image && pictureUrl(project.image, publicUrl),
    status: project.status,
    type: project.type,
    summary: project.summary,
    investmentDetails: { roi: roiPercent(project) },
  };
}
