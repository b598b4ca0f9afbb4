import { describe, expect, it } from "vitest";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import { passwordResetEmail } from "./password-reset-email";

describe("the password reset e-mail", () => {
  it("gives the link, once, as text and as a link, and says what happens if ignored", () => {
    const link = "https://va.example.com/reset-password?token=abc%2Bdef";
    const mail = passwordResetEmail({ customer: { name: "Alan Turing", email: "alan@example.com" }, link });
    expectMail(
      mail,
      { kind: "password-reset", to: "alan@example.com", subject: "Choose a new password for VA Hub" },
      [
        "Hello Alan Turing,",
        `Someone, hopefully you, asked to reset the password of your account. Choose a new password here:\n${link}`,
        "The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
      ],
    );
    expect(linksOf(mail.html!)).toEqual([link]);
  });
});
