/** The assistant's live data, read from the database through the booking and consultant features. */

import { appointments } from "@db/schema";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { findSpeciality, specialities } from "~/content/specialities";
import { appointmentStatus } from "~/features/booking/appointment-status";
import { consultantSlots, listConsultants } from "~/features/consultants/consultants.server";
import type { Database } from "~/infra/db.server";
import type { AssistantData, ConsultantFacts } from "./assistant-data";

/** At most this many consultants are looked through for free slots in one answer. */
const MAX_CONSULTANTS_SEARCHED = 40;

export interface AssistantDataOptions {
  contact: AssistantData["contact"];
  agencyZone: string;
  visitorZone?: string;
  paymentProviders: string[];
  /** The user signed in through this request's cookie or token; never taken from the message. */
  userId?: string;
  now: Date;
}

function slugOf(specialityName: string): string {
  return specialities.find((speciality) => speciality.name === specialityName)?.slug ?? specialityName;
}

export function assistantData(db: Database, options: AssistantDataOptions): AssistantData {
  const consultants = async (speciality?: string) => {
    const name = speciality ? findSpeciality(speciality)?.name : undefined;
    if (speciality && !name) return [];
    const rows = await listConsultants(db, name ? { speciality: name } : {});
    return rows.map((row) => ({
      row,
      facts: {
        id: row.id,
        name: row.name,
        speciality: slugOf(row.speciality),
        feeCents: row.feeCents,
        currency: row.currency,
      } satisfies ConsultantFacts,
    }));
  };
  const userId = options.userId;
  return {
    contact: options.contact,
    agencyZone: options.agencyZone,
    visitorZone: options.visitorZone,
    paymentProviders: options.paymentProviders,
    consultants: async (speciality) => (await consultants(speciality)).map((entry) => entry.facts),
    async freeConsultants({ speciality, from, to }) {
      const listed = (await consultants(speciality))
        .filter((entry) => entry.row.available)
        .slice(0, MAX_CONSULTANTS_SEARCHED);
      const found = [];
      for (const { row, facts } of listed) {
        const days = await consultantSlots(db, row, { zone: options.agencyZone, now: options.now });
        const slots = days
          .flatMap((day) => day.slots.map((slot) => new Date(slot.startsAt)))
          .filter((start) => start >= from && start < to);
        if (slots.length > 0) found.push({ ...facts, slots });
      }
      return found.sort((a, b) => a.slots[0]!.getTime() - b.slots[0]!.getTime());
    },
    nextAppointment: userId
      ? async () => {
          const rows = await db
            .select()
            .from(appointments)
            .where(
              and(
                eq(appointments.userId, userId),
                isNull(appointments.cancelledAt),
                gt(appointments.startsAt, options.now),
              ),
            )
            .orderBy(asc(appointments.startsAt))
            .limit(5);
          const next = rows.find((row) => ["booked", "paid"].includes(appointmentStatus(row)));
          if (!next) return null;
          return {
            consultantName: next.consultantSnapshot.name,
            startsAt: next.startsAt,
            status: appointmentStatus(next),
            meetingUrl: next.meetingUrl,
          };
        }
      : undefined,
  };
}
