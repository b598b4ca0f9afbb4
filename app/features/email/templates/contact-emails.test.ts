import { describe, expect, it } from "vitest";
import { expectBothPartsToSay, expectMail } from "../../../../tests/setup/email-reading";
import { inquiryAcknowledgementEmail, inquiryNotificationEmail } from "./contact-emails";

const inquiry = {
  name: "Grace Hopper",
  email: "grace@example.com",
  businessType: "Other",
  otherBusiness: "Family office",
  requiredServices: ["Business Data Analysis", "Project Management"],
  industry: "Finance",
  otherIndustry: "",
  timezone: "GMT",
  message: "Quarterly reports take us a week.\nCan you <help>?",
} as const;

describe("the contact e-mails", () => {
  it("give the agency every field, the sender's message as written, and a reply to the sender", () => {
    const mail = inquiryNotificationEmail({
      agencyEmail: "agency@example.com",
      inquiry: { ...inquiry, requiredServices: [...inquiry.requiredServices] },
      phone: "+44 20 7946 0958 (United Kingdom)",
      preferredCallTime: "Monday, May 10, 2027 at 9:30 AM (GMT)",
      reference: "ref-1",
      receivedAt: new Date("2027-05-03T16:10:00.000Z"),
    });
    expectMail(
      mail,
      {
        kind: "contact-inquiry",
        to: "agency@example.com",
        replyTo: "grace@example.com",
        subject: "New inquiry from Grace Hopper",
      },
      [
        "A new inquiry arrived through the contact form. Reply to this e-mail to answer the sender.",
        "Name: Grace Hopper\nEmail: grace@example.com\nPhone: +44 20 7946 0958 (United Kingdom)",
        "Business type: Other: Family office",
        "Required services: Business Data Analysis, Project Management",
        "Industry: Finance",
        "Preferred call time: Monday, May 10, 2027 at 9:30 AM (GMT)",
        "Message:\nQuarterly reports take us a week.\nCan you <help>?",
        "Received 2027-05-03T16:10:00.000Z, reference ref-1.",
      ],
    );
    expect(mail.html).toContain("Can you &lt;help&gt;?");
  });

  it("name the plan the sender chose, on its own line after the services, and no plan line without one", () => {
    const base = {
      agencyEmail: "agency@example.com",
      phone: "+1 555 010 0199 (United States)",
      reference: "ref-3",
      receivedAt: new Date("2027-05-03T16:10:00.000Z"),
    };
    const withPlan = inquiryNotificationEmail({
      ...base,
      inquiry: { ...inquiry, requiredServices: ["Bookkeeping"], plan: "starter" },
    });
    expectBothPartsToSay(withPlan, [
      "Required services: Bookkeeping\nPlan: Starter (20 hours for $380 a month)",
    ]);
    const withoutPlan = inquiryNotificationEmail({
      ...base,
      inquiry: { ...inquiry, requiredServices: ["Bookkeeping"], plan: null },
    });
    expect(withoutPlan.text).not.toContain("Plan:");
  });

  it("say when no call time or message was given", () => {
    const mail = inquiryNotificationEmail({
      agencyEmail: "agency@example.com",
      inquiry: { ...inquiry, requiredServices: ["Administrative Support"], message: "" },
      phone: "+1 555 010 0199 (United States)",
      reference: "ref-2",
      receivedAt: new Date("2027-05-03T16:10:00.000Z"),
    });
    expectBothPartsToSay(mail, ["Preferred call time: not given", "Message:\n(no message)"]);
  });

  it("thank the sender, repeating only our own choices and the call time, never their message", () => {
    const mail = inquiryAcknowledgementEmail({
      agencyEmail: "agency@example.com",
      contact: { email: "agency@example.com", phone: "+44 20 7946 0958" },
      inquiry: {
        email: "grace@example.com",
        requiredServices: ["Digital Marketing", "Project Management"],
      },
      preferredCallTime: "Monday, May 10, 2027 at 9:30 AM (GMT)",
    });
    expectMail(
      mail,
      {
        kind: "contact-acknowledgement",
        to: "grace@example.com",
        replyTo: "agency@example.com",
        subject: "We received your inquiry | VA Hub",
      },
      [
        "Hello,",
        "Thank you for contacting VA Hub. We have received your request for a free consultation about: Digital Marketing, Project Management.",
        "You asked for a call around Monday, May 10, 2027 at 9:30 AM (GMT). We will confirm the time with you by e-mail.",
        "A member of our team will reply within one business day (Monday to Friday).",
        // The agency's details as the settings give them.
        "VA Hub\nagency@example.com | +44 20 7946 0958",
      ],
    );
    expect(mail.text).not.toContain("Quarterly");
  });

  it("leave the call time out of the thanks when none was asked for", () => {
    const mail = inquiryAcknowledgementEmail({
      agencyEmail: "agency@example.com",
      contact: { email: "agency@example.com", phone: "+44 20 7946 0958" },
      inquiry: {
        email: "grace@example.com",
        requiredServices: ["Administrative Support"],
      },
    });
    expect(mail.text).not.toContain("You asked for a call");
  });
});
