/**
 * The old clients' JSON shapes (DESIGN.md §4), in one place: ids as `_id`, money in whole currency
 * units, the consultant as `docData`, slots as `slotDate`/`slotTime` strings, flags for what the
 * domain keeps as times. The features speak UUIDs, cents and Dates; only this module turns them
 * into what the old app sent, byte for byte (key order included), so its clients keep working.
 * Pictures are the one change: given the site's public address, they are absolute URLs, so a
 * client served from another origin can load them (DESIGN.md §4 "Foreign clients").
 */

import type { Appointment, AuditEntry, Consultant, ConsultantSnapshot, Inquiry, Project } from "@db/schema";
import type { PersonSummary } from "~/features/accounts/people.server";
import type { Profile } from "~/features/accounts/profile.server";
import { type AppointmentStatus, appointmentStatus } from "~/features/booking/appointment-status";
import type { StaffAppointmentRow } from "~/features/booking/staff-appointments.server";
import { snapshotOf } from "~/features/consultants/consultants.server";
import type { ScheduledAppointment } from "~/features/consultants/portal.server";
import type { OutboxListItem } from "~/features/email/outbox-admin.server";
import type { KycReviewItem } from "~/features/kyc/kyc-review.server";
import { roiPercent } from "~/features/projects/projects.server";
import type { SlotDay } from "~/features/slot-grid/slots";
import { averageRating } from "~/lib/ratings";
import { type LegacySlot, legacySlotOf } from "./legacy-slots";

/** The picture every account without one of its own shows (the old app gave each user one). */
const DEFAULT_PICTURE_PATH = "/images/default-avatar.svg";

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

/** A slot as the old clients name it: `day_month_year` and `hh:mm AM/PM`, in the given zone. */
export function legacySlot(startsAt: Date, zone: string): LegacySlot {
  return legacySlotOf(startsAt, zone);
}

/** A start time in the staff API's answers: the instant (ISO 8601, UTC), then its slot. */
export type LegacyStart = { startsAt: string } & LegacySlot;

export function legacyStart(startsAt: Date, zone: string): LegacyStart {
  return { startsAt: startsAt.toISOString(), ...legacySlot(startsAt, zone) };
}

/** A free slot in `/api/consultant/{id}/slots`: its slot, then the instant (ISO 8601, UTC). */
export type LegacyFreeSlot = LegacySlot & { startsAt: string };

/** The days of free slots, each slot told as the old clients name it, in the agency's zone. */
export function legacySlotDays(
  days: readonly SlotDay[],
  zone: string,
): { date: string; slots: LegacyFreeSlot[] }[] {
  return days.map((day) => ({
    date: day.date,
    slots: day.slots.map((slot) => ({
      ...legacySlot(new Date(slot.startsAt), zone),
      startsAt: slot.startsAt,
    })),
  }));
}

/** A record named in another's answer: its id as `_id`, and its name. */
export interface LegacyNamed {
  _id: string;
  name: string;
}

export function legacyNamed(record: { id: string; name: string }): LegacyNamed {
  return { _id: record.id, name: record.name };
}

/** A person named in another's answer (an appointment's customer, a KYC submitter). */
export type LegacyPerson = LegacyNamed & { email: string };

export function legacyPerson(person: { id: string; name: string; email: string }): LegacyPerson {
  return { ...legacyNamed(person), email: person.email };
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
  /** The average of visible reviews to one decimal, or null before the first. */
  rating: number | null;
  reviewCount: number;
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
    const slot = legacySlot(startsAt, zone);
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
    rating: averageRating(consultant),
    reviewCount: consultant.reviewCount,
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
  return {
    _id: appointment.id,
    docId: appointment.consultantId,
    docData: legacyDocData(appointment.consultantId, appointment.consultantSnapshot, publicUrl),
    ...legacySlot(appointment.startsAt, zone),
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

/** What the staff and portal lists show of an appointment's time and price, in this key order. */
type ScheduleAndPrice = LegacyStart & { amount: number };

function scheduleAndPrice(startsAt: Date, amountCents: number, zone: string): ScheduleAndPrice {
  return { ...legacyStart(startsAt, zone), amount: wholeUnits(amountCents) };
}

/** An appointment in GET /api/admin/appointments (DESIGN.md §4). */
export type StaffAppointment = {
  _id: string;
  user: LegacyPerson;
  consultant: LegacyNamed;
} & ScheduleAndPrice & {
    status: AppointmentStatus;
  };

export function staffAppointment(row: StaffAppointmentRow, zone: string): StaffAppointment {
  return {
    _id: row.id,
    user: legacyPerson(row.customer),
    consultant: legacyNamed(row.consultant),
    ...scheduleAndPrice(row.startsAt, row.amountCents, zone),
    status: row.status,
  };
}

/** A consultant's own appointment in GET /api/consultant-portal/appointments: the staff shape, no consultant. */
export type PortalAppointment = Omit<StaffAppointment, "consultant">;

export function portalAppointment(
  { appointment, customer }: ScheduledAppointment,
  zone: string,
): PortalAppointment {
  return {
    _id: appointment.id,
    user: legacyPerson(customer),
    ...scheduleAndPrice(appointment.startsAt, appointment.amountCents, zone),
    status: appointmentStatus(appointment),
  };
}

/** A KYC submission in GET /api/admin/kyc: the last four characters of the ID only; `reason` once rejected. */
export interface StaffKycSubmission {
  _id: string;
  user: LegacyPerson;
  status: KycReviewItem["status"];
  idLast4: string;
  submittedAt: string;
  reason?: string;
}

export function staffKycSubmission(submission: KycReviewItem): StaffKycSubmission {
  return {
    _id: submission.id,
    user: legacyPerson(submission.user),
    status: submission.status,
    idLast4: submission.idNumberLast4,
    submittedAt: submission.submittedAt.toISOString(),
    ...(submission.rejectionReason ? { reason: submission.rejectionReason } : {}),
  };
}

/** An account in GET /api/admin/users. */
export interface StaffUser {
  _id: string;
  name: string;
  email: string;
  role: PersonSummary["role"];
  kycStatus: PersonSummary["kycStatus"];
  disabled: boolean;
  locked: boolean;
  consultantId: string | null;
  createdAt: string;
}

export function staffUser(person: PersonSummary): StaffUser {
  return {
    _id: person.id,
    name: person.name,
    email: person.email,
    role: person.role,
    kycStatus: person.kycStatus,
    disabled: person.disabledAt !== null,
    locked: person.locked,
    consultantId: person.consultantId,
    createdAt: person.createdAt.toISOString(),
  };
}

/** An e-mail in GET /api/admin/outbox (the bodies stay out of it). */
export interface StaffOutboxMessage {
  _id: string;
  to: string;
  subject: string;
  status: OutboxListItem["status"];
  attempts: number;
  createdAt: string;
  lastError: string | null;
}

export function staffOutboxMessage(message: OutboxListItem): StaffOutboxMessage {
  return {
    _id: message.id,
    to: message.recipient,
    subject: message.subject,
    status: message.status,
    attempts: message.attempts,
    createdAt: message.createdAt.toISOString(),
    lastError: message.lastError,
  };
}

/** An inquiry in GET /api/admin/inquiries: every field but the plan, the id as `_id`. */
export type StaffInquiry = { _id: string } & Omit<Inquiry, "id" | "plan" | "createdAt" | "updatedAt"> & {
    createdAt: string;
    updatedAt: string;
  };

export function staffInquiry(inquiry: Inquiry): StaffInquiry {
  return {
    _id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    phoneCountry: inquiry.phoneCountry,
    businessType: inquiry.businessType,
    otherBusiness: inquiry.otherBusiness,
    requiredServices: inquiry.requiredServices,
    industry: inquiry.industry,
    otherIndustry: inquiry.otherIndustry,
    timezone: inquiry.timezone,
    message: inquiry.message,
    preferredCallTime: inquiry.preferredCallTime,
    status: inquiry.status,
    version: inquiry.version,
    createdAt: inquiry.createdAt.toISOString(),
    updatedAt: inquiry.updatedAt.toISOString(),
  };
}

/** An entry of the audit log in GET /api/admin/audit; the actor's id is null once their account is gone. */
export interface StaffAuditEntry {
  _id: string;
  at: string;
  actor: { _id: string | null; email: string };
  action: string;
  target: { type: string; _id: string };
  summary: string;
  before: AuditEntry["before"];
  after: AuditEntry["after"];
}

export function staffAuditEntry(entry: AuditEntry): StaffAuditEntry {
  return {
    _id: entry.id,
    at: entry.at.toISOString(),
    actor: { _id: entry.actorId, email: entry.actorEmail },
    action: entry.action,
    target: { type: entry.targetType, _id: entry.targetId },
    summary: entry.summary,
    before: entry.before,
    after: entry.after,
  };
}
