import { describe, expect, it } from "vitest";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import { invitationEmail } from "./invitation-email";

describe("the invitation e-mail", () => {
  it("says who invited whom as what, gives the link once, and how long it lasts", () => {
    const link = "https://va.example.com/reset-password?token=abc%2Bdef";
    const mail = invitationEmail({
      invitee: { name: "Grace Hopper", email: "grace@example.com" },
      roleDescription: "a consultant",
      invitedBy: "boss@example.com",
      link,
    });
    expectMail(mail, { kind: "invitation", to: "grace@example.com", subject: "You are invited to VA Hub" }, [
      "Hello Grace Hopper,",
      "boss@example.com has created an account for you at VA Hub as a consultant, with this e-mail address as its sign-in name.",
      `Set your password here:\n${link}`,
      "The link works once and expires in seven days. If you were not expecting this invitation, ignore this e-mail: nobody can sign in until a password is set.",
    ]);
    expect(linksOf(mail.html!)).toEqual([link]);
  });
});
