import { describe, expect, it } from "vitest";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import { inquiryReplyEmail } from "./inquiry-reply-email";
import { kycApprovedEmail, kycRejectedEmail } from "./kyc-decision-emails";

const customer = { name: "Kim Lee", email: "kim@example.com" };

describe("the staff's e-mails", () => {
  it("reply to an inquiry with staff's words as written, answers going to the agency", () => {
    const mail = inquiryReplyEmail({
      agencyEmail: "team@agency.example",
      inquiry: { name: "Grace Hopper", email: "grace@example.com" },
      body: "Thank you for writing.\nCould we call on <Monday>?",
    });
    expectMail(
      mail,
      {
        kind: "inquiry-reply",
        to: "grace@example.com",
        replyTo: "team@agency.example",
        subject: "Re: your inquiry to VA Hub",
      },
      [
        "Hello Grace Hopper,",
        "Thank you for writing.\nCould we call on <Monday>?",
        "VA Hub",
        "You wrote to us through the contact form at VA Hub. Reply to this e-mail to answer us.",
      ],
    );
    expect(mail.html).toContain("Could we call on &lt;Monday&gt;?");
  });

  it("tell the customer their identity is verified, with a link to their profile", () => {
    const mail = kycApprovedEmail({ customer, publicUrl: "https://va.example" });
    expectMail(
      mail,
      { kind: "kyc-approved", to: "kim@example.com", subject: "Your identity is verified | VA Hub" },
      [
        "Hello Kim Lee,",
        "We checked the details you sent and your identity is now verified. There is nothing more to do.",
        "You can see the status on your profile:\nhttps://va.example/my-profile",
      ],
    );
    expect(linksOf(mail.html!)).toEqual(["https://va.example/my-profile"]);
  });

  it("tell the customer why their details were rejected and where to send them again", () => {
    const mail = kycRejectedEmail({
      customer,
      publicUrl: "https://va.example",
      reason: "The ID has expired.",
    });
    expectMail(
      mail,
      { kind: "kyc-rejected", to: "kim@example.com", subject: "Please check your identity details | VA Hub" },
      [
        "We could not verify your identity with the details you sent, for this reason:\nThe ID has expired.",
        "Please correct them and send them again here:\nhttps://va.example/onboarding",
      ],
    );
    expect(linksOf(mail.html!)).toEqual(["https://va.example/onboarding"]);
  });
});
