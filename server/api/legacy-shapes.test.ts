import type { Appointment, AuditEntry, Consultant, Inquiry, Project } from "@db/schema";
import { describe, expect, it } from "vitest";
import type { PersonSummary } from "~/features/accounts/people.server";
import type { Profile } from "~/features/accounts/profile.server";
import type { StaffAppointmentRow } from "~/features/booking/staff-appointments.server";
import { snapshotOf } from "~/features/consultants/consultants.server";
import type { OutboxListItem } from "~/features/email/outbox-admin.server";
import type { KycReviewItem } from "~/features/kyc/kyc-review.server";
import {
  legacyAppointment,
  legacyDocData,
  legacyDoctor,
  legacyNamed,
  legacyPerson,
  legacyProfile,
  legacyProject,
  legacySlot,
  legacyStart,
  pictureUrl,
  portalAppointment,
  staffAppointment,
  staffAuditEntry,
  staffInquiry,
  staffKycSubmission,
  staffOutboxMessage,
  staffUser,
  wholeUnits,
} from "./legacy-shapes";

const ZONE = "America/New_York";
const CONSULTANT_ID = "0b7a8a6e-6a3c-4a0e-9a4e-7d1f2b3c4d5e";
const APPOINTMENT_ID = "5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f";
const PUBLIC_URL = "https://va.example.com";

const consultant: Consultant = {
  id: CONSULTANT_ID,
  name: "Nina Petrova",
  image: "/images/consultants/nina-petrova.webp",
  speciality: "Entrepreneurial Consultants",
  degree: "MBA, Entrepreneurship",
  experience: "10 Years",
  about: "Works with first-time founders.",
  feeCents: 11_550,
  currency: "USD",
  available: true,
  addressLine1: "60 Broad Street",
  addressLine2: "New York, NY",
  workingHours: null,
  daysOff: [],
  archivedAt: null,
  version: 1,
  reviewCount: 4,
  ratingTotal: 18,
  createdAt: new Date("2027-01-01T00:00:00.000Z"),
  updatedAt: new Date("2027-01-01T00:00:00.000Z"),
};

const appointment: Appointment = {
  id: APPOINTMENT_ID,
  userId: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  consultantId: CONSULTANT_ID,
  // 1:30 PM in New York.
  startsAt: new Date("2027-05-06T17:30:00.000Z"),
  amountCents: 11_550,
  currency: "USD",
  consultantSnapshot: snapshotOf(consultant),
  cancelledAt: null,
  paidAt: null,
  completedAt: null,
  noShowAt: null,
  refundedAt: null,
  cancelledBy: null,
  cancelReason: null,
  calendarSequence: 0,
  meetingUrl: "https://meet.jit.si/VAHub-0123456789abcdef0123456789abcdef",
  reminderDaySentAt: null,
  reminderHourSentAt: null,
  createdAt: new Date(1_809_360_600_000),
  status: "booked",
};

describe("wholeUnits", () => {
  it("turns cents into the old clients' whole currency units", () => {
    expect(wholeUnits(8_000)).toBe(80);
    expect(wholeUnits(4_321)).toBe(43.21);
    expect(wholeUnits(11_550)).toBe(115.5);
  });
});

describe("legacyDocData", () => {
  it("writes the snapshot with `_id` and fees in dollars, keys in the order jsonb gave them", () => {
    expect(JSON.stringify(legacyDocData(CONSULTANT_ID, appointment.consultantSnapshot))).toBe(
      `{"_id":"${CONSULTANT_ID}","fees":115.5,"name":"Nina Petrova","about":"Works with first-time founders.","image":"/images/consultants/nina-petrova.webp","degree":"MBA, Entrepreneurship","address":{"line1":"60 Broad Street","line2":"New York, NY"},"experience":"10 Years","speciality":"Entrepreneurial Consultants"}`,
    );
  });
});

describe("legacyAppointment", () => {
  it("writes the old appointment, byte for byte, with our status and meeting link last", () => {
    expect(JSON.stringify(legacyAppointment(appointment, ZONE))).toBe(
      `{"_id":"${APPOINTMENT_ID}","docId":"${CONSULTANT_ID}","docData":${JSON.stringify(legacyDocData(CONSULTANT_ID, appointment.consultantSnapshot))},"slotDate":"6_5_2027","slotTime":"01:30 PM","startsAt":"2027-05-06T17:30:00.000Z","amount":115.5,"currency":"USD","cancelled":false,"payment":false,"refunded":false,"isCompleted":false,"date":1809360600000,"status":"booked","meetingUrl":"https://meet.jit.si/VAHub-0123456789abcdef0123456789abcdef"}`,
    );
  });

  it("tells the slot in the zone it is given", () => {
    expect(legacyAppointment(appointment, "America/Los_Angeles")).toMatchObject({
      slotDate: "6_5_2027",
      slotTime: "10:30 AM",
    });
  });

  it("turns the recorded times into the old flags and one status", () => {
    const at = new Date("2027-05-01T00:00:00.000Z");
    const flags = (changes: Partial<Appointment>) => {
      const { cancelled, payment, refunded, isCompleted, status } = legacyAppointment(
        { ...appointment, ...changes },
        ZONE,
      );
      return { cancelled, payment, refunded, isCompleted, status };
    };
    expect(flags({ paidAt: at })).toEqual({
      cancelled: false,
      payment: true,
      refunded: false,
      isCompleted: false,
      status: "paid",
    });
    expect(flags({ paidAt: at, cancelledAt: at, refundedAt: at })).toEqual({
      cancelled: true,
      payment: true,
      refunded: true,
      isCompleted: false,
      status: "cancelled",
    });
    expect(flags({ paidAt: at, completedAt: at })).toEqual({
      cancelled: false,
      payment: true,
      refunded: false,
      isCompleted: true,
      status: "completed",
    });
    expect(flags({ noShowAt: at })).toEqual({
      cancelled: false,
      payment: false,
      refunded: false,
      isCompleted: false,
      status: "no_show",
    });
  });
});

describe("legacyDoctor", () => {
  it("writes the listed consultant with fees in dollars and upcoming bookings by day", () => {
    const upcoming = [
      new Date("2027-05-05T15:00:00.000Z"),
      new Date("2027-05-05T19:30:00.000Z"),
      new Date("2027-05-07T14:00:00.000Z"),
    ];
    expect(JSON.stringify(legacyDoctor(consultant, upcoming, ZONE))).toBe(
      `{"_id":"${CONSULTANT_ID}","name":"Nina Petrova","image":"/images/consultants/nina-petrova.webp","speciality":"Entrepreneurial Consultants","degree":"MBA, Entrepreneurship","experience":"10 Years","about":"Works with first-time founders.","fees":115.5,"address":{"line1":"60 Broad Street","line2":"New York, NY"},"available":true,"rating":4.5,"reviewCount":4,"slots_booked":{"5_5_2027":["11:00 AM","03:30 PM"],"7_5_2027":["10:00 AM"]}}`,
    );
    expect(legacyDoctor(consultant, [], ZONE).slots_booked).toEqual({});
  });
});

describe("legacyProfile and legacyProject", () => {
  it("writes the profile as `userData`", () => {
    const profile: Profile = {
      id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+1 555 0100",
      addressLine1: "1 Navy Way",
      addressLine2: "Arlington, VA",
      gender: "Female",
      dateOfBirth: "1906-12-09",
      image: "",
      timeZone: "America/Chicago",
    };
    expect(JSON.stringify(legacyProfile(profile))).toBe(
      '{"_id":"a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d","name":"Grace Hopper","email":"grace@example.com","phone":"+1 555 0100","address":{"line1":"1 Navy Way","line2":"Arlington, VA"},"gender":"Female","dob":"1906-12-09","image":"/images/default-avatar.svg"}',
    );
    expect(legacyProfile(profile, PUBLIC_URL).image).toBe(`${PUBLIC_URL}/images/default-avatar.svg`);
    expect(legacyProfile({ ...profile, image: "/uploads/abc.webp" }, PUBLIC_URL).image).toBe(
      `${PUBLIC_URL}/uploads/abc.webp`,
    );
  });

  it("writes the project with its ROI as a percentage", () => {
    const project: Project = {
      id: "c0ffee00-0000-4000-8000-000000000001",
      name: "Sunfield Solar Farm",
      summary: "A solar farm.",
      image: "/images/projects/sunfield.svg",
      status: "active",
      type: "renewable-energy",
      roiBasisPoints: 1_275,
      archivedAt: null,
      version: 1,
      createdAt: new Date("2027-01-01T00:00:00.000Z"),
      updatedAt: new Date("2027-01-01T00:00:00.000Z"),
    };
    expect(JSON.stringify(legacyProject(project))).toBe(
      '{"_id":"c0ffee00-0000-4000-8000-000000000001","name":"Sunfield Solar Farm","image":"/images/projects/sunfield.svg","status":"active","type":"renewable-energy","summary":"A solar farm.","investmentDetails":{"roi":12.75}}',
    );
    expect(legacyProject(project, PUBLIC_URL).image).toBe(`${PUBLIC_URL}/images/projects/sunfield.svg`);
    expect(legacyProject({ ...project, image: "" }, PUBLIC_URL).image).toBe("");
  });
});

describe("pictures for clients on another origin", () => {
  it("makes a stored path absolute under the public URL and keeps an absolute one", () => {
    expect(pictureUrl("/uploads/a.webp", PUBLIC_URL)).toBe(`${PUBLIC_URL}/uploads/a.webp`);
    expect(pictureUrl("images/x.webp", PUBLIC_URL)).toBe(`${PUBLIC_URL}/images/x.webp`);
    expect(pictureUrl("https://cdn.example.net/p.webp", PUBLIC_URL)).toBe("https://cdn.example.net/p.webp");
  });

  it("gives the default picture to whoever has none", () => {
    expect(pictureUrl("", PUBLIC_URL)).toBe(`${PUBLIC_URL}/images/default-avatar.svg`);
    expect(pictureUrl("")).toBe("/images/default-avatar.svg");
  });

  it("changes only the picture of the listed consultant and of the appointment's docData", () => {
    const relative = legacyDoctor(consultant, [], ZONE);
    const absolute = legacyDoctor(consultant, [], ZONE, PUBLIC_URL);
    expect(JSON.stringify(absolute)).toBe(
      JSON.stringify({ ...relative, image: `${PUBLIC_URL}/images/consultants/nina-petrova.webp` }),
    );
    expect(legacyAppointment(appointment, ZONE, PUBLIC_URL).docData.image).toBe(
      `${PUBLIC_URL}/images/consultants/nina-petrova.webp`,
    );
  });
});

const CUSTOMER = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  name: "Grace Hopper",
  email: "grace@example.com",
};

describe("the pieces the staff answers share", () => {
  it("names a slot, a start time, a named record and a person the old way", () => {
    expect(legacySlot(appointment.startsAt, ZONE)).toEqual({ slotDate: "6_5_2027", slotTime: "01:30 PM" });
    expect(JSON.stringify(legacyStart(appointment.startsAt, ZONE))).toBe(
      '{"startsAt":"2027-05-06T17:30:00.000Z","slotDate":"6_5_2027","slotTime":"01:30 PM"}',
    );
    expect(legacyNamed(consultant)).toEqual({ _id: CONSULTANT_ID, name: "Nina Petrova" });
    const account = { ...CUSTOMER, role: "investor" };
    expect(JSON.stringify(legacyPerson(account))).toBe(
      `{"_id":"${CUSTOMER.id}","name":"Grace Hopper","email":"grace@example.com"}`,
    );
  });
});

describe("staffAppointment and portalAppointment", () => {
  const row: StaffAppointmentRow = {
    id: APPOINTMENT_ID,
    startsAt: appointment.startsAt,
    createdAt: appointment.createdAt,
    amountCents: 11_550,
    currency: "USD",
    status: "paid",
    refunded: false,
    cancelledBy: null,
    cancelReason: null,
    customer: CUSTOMER,
    consultant: { id: CONSULTANT_ID, name: "Nina Petrova" },
  };

  it("writes a row of the staff list, byte for byte", () => {
    expect(JSON.stringify(staffAppointment(row, ZONE))).toBe(
      `{"_id":"${APPOINTMENT_ID}","user":{"_id":"${CUSTOMER.id}","name":"Grace Hopper","email":"grace@example.com"},"consultant":{"_id":"${CONSULTANT_ID}","name":"Nina Petrova"},"startsAt":"2027-05-06T17:30:00.000Z","slotDate":"6_5_2027","slotTime":"01:30 PM","amount":115.5,"status":"paid"}`,
    );
  });

  it("writes the consultant's own appointment as the staff row without the consultant", () => {
    const paid = { ...appointment, paidAt: new Date("2027-05-01T00:00:00.000Z") };
    const own = portalAppointment({ appointment: paid, customer: CUSTOMER }, ZONE);
    expect(JSON.stringify(own)).toBe(
      `{"_id":"${APPOINTMENT_ID}","user":{"_id":"${CUSTOMER.id}","name":"Grace Hopper","email":"grace@example.com"},"startsAt":"2027-05-06T17:30:00.000Z","slotDate":"6_5_2027","slotTime":"01:30 PM","amount":115.5,"status":"paid"}`,
    );
    const { consultant: _consultant, ...withoutConsultant } = staffAppointment(row, ZONE);
    expect(JSON.stringify(own)).toBe(JSON.stringify(withoutConsultant));
  });
});

describe("staffKycSubmission", () => {
  const submission: KycReviewItem = {
    id: "5e1f0000-0000-4000-8000-000000000001",
    user: CUSTOMER,
    status: "pending",
    idNumberLast4: "6789",
    submittedAt: new Date("2027-04-02T09:15:00.000Z"),
    decidedAt: null,
    rejectionReason: null,
  };

  it("writes the submission with the ID's last four only, and the reason once there is one", () => {
    expect(JSON.stringify(staffKycSubmission(submission))).toBe(
      `{"_id":"5e1f0000-0000-4000-8000-000000000001","user":{"_id":"${CUSTOMER.id}","name":"Grace Hopper","email":"grace@example.com"},"status":"pending","idLast4":"6789","submittedAt":"2027-04-02T09:15:00.000Z"}`,
    );
    const rejected = {
      ...submission,
      status: "rejected" as const,
      decidedAt: new Date("2027-04-03T10:00:00.000Z"),
      rejectionReason: "The photo is unreadable.",
    };
    expect(staffKycSubmission(rejected)).toEqual({
      _id: "5e1f0000-0000-4000-8000-000000000001",
      user: { _id: CUSTOMER.id, name: "Grace Hopper", email: "grace@example.com" },
      status: "rejected",
      idLast4: "6789",
      submittedAt: "2027-04-02T09:15:00.000Z",
      reason: "The photo is unreadable.",
    });
  });
});

describe("staffUser", () => {
  it("writes the account with `disabled` for its disabling time", () => {
    const person: PersonSummary = {
      ...CUSTOMER,
      role: "consultant",
      kycStatus: null,
      disabledAt: new Date("2027-03-01T00:00:00.000Z"),
      locked: true,
      consultantId: CONSULTANT_ID,
      consultantName: "Nina Petrova",
      createdAt: new Date("2027-01-15T12:00:00.000Z"),
    };
    expect(JSON.stringify(staffUser(person))).toBe(
      `{"_id":"${CUSTOMER.id}","name":"Grace Hopper","email":"grace@example.com","role":"consultant","kycStatus":null,"disabled":true,"locked":true,"consultantId":"${CONSULTANT_ID}","createdAt":"2027-01-15T12:00:00.000Z"}`,
    );
    expect(staffUser({ ...person, disabledAt: null }).disabled).toBe(false);
  });
});

describe("staffOutboxMessage", () => {
  it("writes the message's envelope and state, never its body", () => {
    const message: OutboxListItem = {
      id: "0ab0c0de-0000-4000-8000-000000000002",
      recipient: "grace@example.com",
      subject: "Your appointment is booked",
      kind: "booking-confirmation",
      status: "failed",
      attempts: 3,
      lastError: "550 mailbox unavailable",
      createdAt: new Date("2027-05-01T08:00:00.000Z"),
      sentAt: null,
    };
    expect(staffOutboxMessage(message)).toEqual({
      _id: "0ab0c0de-0000-4000-8000-000000000002",
      to: "grace@example.com",
      subject: "Your appointment is booked",
      status: "failed",
      attempts: 3,
      createdAt: "2027-05-01T08:00:00.000Z",
      lastError: "550 mailbox unavailable",
    });
    expect(Object.keys(staffOutboxMessage(message))).toEqual([
      "_id",
      "to",
      "subject",
      "status",
      "attempts",
      "createdAt",
      "lastError",
    ]);
  });
});

describe("staffInquiry", () => {
  it("writes every field but the plan, the id as `_id`", () => {
    const inquiry: Inquiry = {
      id: "1a000000-0000-4000-8000-000000000003",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+442079460958",
      phoneCountry: "GB",
      businessType: "Startup",
      otherBusiness: "",
      requiredServices: ["Bookkeeping", "Digital Marketing"],
      industry: "Tech",
      otherIndustry: "",
      timezone: "GMT",
      message: "We need help with our books.",
      plan: "growth",
      preferredCallTime: "2027-05-10 14:30:00",
      status: "contacted",
      version: 2,
      createdAt: new Date("2027-05-02T10:00:00.000Z"),
      updatedAt: new Date("2027-05-03T11:00:00.000Z"),
    };
    expect(JSON.stringify(staffInquiry(inquiry))).toBe(
      '{"_id":"1a000000-0000-4000-8000-000000000003","name":"Ada Lovelace","email":"ada@example.com","phone":"+442079460958","phoneCountry":"GB","businessType":"Startup","otherBusiness":"","requiredServices":["Bookkeeping","Digital Marketing"],"industry":"Tech","otherIndustry":"","timezone":"GMT","message":"We need help with our books.","preferredCallTime":"2027-05-10 14:30:00","status":"contacted","version":2,"createdAt":"2027-05-02T10:00:00.000Z","updatedAt":"2027-05-03T11:00:00.000Z"}',
    );
  });
});

describe("staffAuditEntry", () => {
  it("writes the entry with its actor and target as `_id`s", () => {
    const entry: AuditEntry = {
      id: "a0d17000-0000-4000-8000-000000000004",
      at: new Date("2027-05-04T16:20:00.000Z"),
      actorId: null,
      actorEmail: "former.admin@example.com",
      action: "appointment.cancel",
      targetType: "appointment",
      targetId: APPOINTMENT_ID,
      summary: "Cancelled: the consultant is ill",
      before: { status: "paid" },
      after: { status: "cancelled" },
    };
    expect(JSON.stringify(staffAuditEntry(entry))).toBe(
      `{"_id":"a0d17000-0000-4000-8000-000000000004","at":"2027-05-04T16:20:00.000Z","actor":{"_id":null,"email":"former.admin@example.com"},"action":"appointment.cancel","target":{"type":"appointment","_id":"${APPOINTMENT_ID}"},"summary":"Cancelled: the consultant is ill","before":{"status":"paid"},"after":{"status":"cancelled"}}`,
    );
  });
});
