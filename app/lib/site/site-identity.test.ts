// @vitest-environment node
import { describe, expect, it } from "vitest";
import { siteIdentityFromSettings } from "./site-identity";

const fullSettings = {
  site_title: "Larkspire Digital | Technology partner",
  site_description: "AI, cloud and cyber security.",
  company_name: "Larkspire Digital",
  company_blurb: "Since 2008 we have helped organisations.",
  contact_email: "hello@larkspire.example",
  phone_primary: "020 7946 0321",
  address_uk: "27 Clerkenwell Road, London",
  social_facebook_url: "https://www.facebook.com/larkspire",
  social_linkedin_url: "https://www.linkedin.com/company/larkspire",
  social_twitter_url: "https://x.com/larkspire",
  notification_email: "notify@larkspire.example",
};

describe("siteIdentityFromSettings", () => {
  it("reads every field from the settings", () => {
    expect(siteIdentityFromSettings(fullSettings)).toEqual({
      siteTitle: "Larkspire Digital | Technology partner",
      siteDescription: "AI, cloud and cyber security.",
      companyName: "Larkspire Digital",
      blurb: "Since 2008 we have helped organisations.",
      email: "hello@larkspire.example",
      phone: "020 7946 0321",
      address: "27 Clerkenwell Road, London",
      facebookUrl: "https://www.facebook.com/larkspire",
      linkedinUrl: "https://www.linkedin.com/company/larkspire",
      twitterUrl: "https://x.com/larkspire",
    });
  });

  it("falls back to a generic name and empty texts with no settings", () => {
    const identity = siteIdentityFromSettings({});
    expect(identity.companyName).toBe("Our company");
    expect(identity.siteTitle).toBe("Our company");
    for (const key of [
      "siteDescription",
      "blurb",
      "email",
      "phone",
      "address",
      "facebookUrl",
      "linkedinUrl",
      "twitterUrl",
    ] as const) {
      expect(identity[key], key).toBe("");
    }
  });

  it("uses the site title as the company name when company_name is missing or empty", () => {
    expect(siteIdentityFromSettings({ site_title: "Example" }).companyName).toBe("Example");
    expect(siteIdentityFromSettings({ site_title: "Example", company_name: "" }).companyName).toBe("Example");
  });

  it("uses the company name as the site title when site_title is missing or empty", () => {
    expect(siteIdentityFromSettings({ company_name: "Example Ltd" }).siteTitle).toBe("Example Ltd");
    expect(siteIdentityFromSettings({ company_name: "Example Ltd", site_title: "" }).siteTitle).toBe("Example Ltd");
  });

  it("drops a social link that is not an http(s) address, so the footer never links to a script", () => {
    const identity = siteIdentityFromSettings({
      ...fullSettings,
      social_facebook_url: " javascript:alert('facebook')",
      social_linkedin_url: "data:text/html,<script>alert(1)</script>",
      social_twitter_url: "jav\tascript:alert(1)",
    });
    expect(identity).toMatchObject({ facebookUrl: "", linkedinUrl: "", twitterUrl: "" });
  });
});
