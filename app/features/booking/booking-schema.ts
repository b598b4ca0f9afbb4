import { z } from "zod";

export const bookingRequestSchema = z.object({
  docId: z.string({ error: "Please choose a consultant." }).trim().min(1, "Please choose a consultant."),
  slotDate: z.string({ error: "Please choose a day." }).trim().min(1, "Please choose a day."),
  slotTime: z
    .string({ error: "Please choose a time for your appointment." })
    .trim()
    .min(1, "Please choose a time for your appointment."),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const appointmentReferenceSchema = z.object({
  appointmentId: z
    .string({ error: "Please name the appointment." })
    .trim()
    .min(1, "Please name the appointment."),
});
