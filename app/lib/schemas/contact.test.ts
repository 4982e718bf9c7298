import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors";
import { applicationSubject, CONTACT_LIMITS, CONTACT_MESSAGES, contactFormSchema } from "./contact";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Hello", message: "A question." };

const errorsOf = (input: Record<string, unknown>) => {
  const result = contactFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("contactFormSchema (SPEC.md section 5)", () => {
  it("accepts name, e-mail, subject and message; phone is optional", () => {
    expect(contactFormSchema.parse(valid)).toEqual({ ...valid });
    expect(contactFormSchema.parse({ ...valid, phone: "+44 20 7946 0000" }).phone).toBe("+44 20 7946 0000");
    expect(contactFormSchema.parse({ ...valid, phone: "" }).phone).toBeUndefined();
  });

  it("requires name, e-mail, subject and message, each with its message", () => {
    expect(errorsOf({ name: " ", email: "", subject: "", message: "" })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: "Email is required",
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it("checks the e-mail's format and the phone's characters", () => {
    expect(errorsOf({ ...valid, email: "not-an-email" })).toEqual({ email: "Please enter a valid email address" });
    expect(errorsOf({ ...valid, phone: "call me<script>" })).toEqual({ phone: CONTACT_MESSAGES.phoneInvalid });
  });

  it("refuses fields longer than their limits", () => {
    const errors = errorsOf({
      ...valid,
      name: "n".repeat(CONTACT_LIMITS.name + 1),
      message: "m".repeat(CONTACT_LIMITS.message + 1),
    });
    expect(Object.keys(errors).sort()).toEqual(["message", "name"]);
  });

  it("an application needs consent to the privacy statement", () => {
    const application = {
      ...valid,
      job: "Cyber Security Analyst",
      subject: applicationSubject("Cyber Security Analyst"),
    };
    expect(errorsOf(application)).toEqual({ consent: CONTACT_MESSAGES.consentRequired });
    expect(contactFormSchema.parse({ ...application, consent: "yes" }).job).toBe("Cyber Security Analyst");
  });

  it("the subject of an application follows the spec", () => {
    expect(applicationSubject("Graduate Data Scientist")).toBe("Application for Graduate Data Scientist position");
  });
});
