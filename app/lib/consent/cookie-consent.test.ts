// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  ALL_OFF,
  ALL_ON,
  COOKIE_CHOICE_KEY,
  COOKIE_CONSENT_KEY,
  COOKIE_SETTINGS_KEY,
  CONSENT_ASK_ATTRIBUTE,
  cookieBannerInitScript,
  parseChoice,
  parseSettings,
} from "./cookie-consent";
import { consentRecordSchema } from "../schemas/cookie-consent";

/** A stand-in for localStorage holding the given entries. */
function fakeStorage(entries: Record<string, string> = {}): Pick<Storage, "getItem"> {
  return { getItem: (key) => (key in entries ? entries[key]! : null) };
}

const storedChoice = (storage: Pick<Storage, "getItem">) => parseChoice(storage.getItem(COOKIE_CHOICE_KEY));
const storedSettings = (storage: Pick<Storage, "getItem">) => parseSettings(storage.getItem(COOKIE_SETTINGS_KEY));

describe("storage keys", () => {
  it("uses the spec's localStorage keys", () => {
    expect(COOKIE_CHOICE_KEY).toBe("cookieChoice");
    expect(COOKIE_SETTINGS_KEY).toBe("cookieSettings");
  });
});

describe("the stored choice", () => {
  it.each(["accepted", "rejected", "customized"])("reads %s", (choice) => {
    expect(storedChoice(fakeStorage({ cookieChoice: choice }))).toBe(choice);
  });

  it("is null when nothing is stored, so the banner shows", () => {
    expect(storedChoice(fakeStorage())).toBeNull();
    expect(parseChoice(undefined)).toBeNull();
  });

  it.each(["", "yes", "Accepted", "accepted ", '"accepted"', "null"])("is null for an unknown value %j", (value) => {
    expect(storedChoice(fakeStorage({ cookieChoice: value }))).toBeNull();
  });

  it("is read from cookieChoice, not from another key", () => {
    expect(storedChoice(fakeStorage({ cookieSettings: "accepted" }))).toBeNull();
  });
});

describe("the stored settings", () => {
  it("reads valid settings", () => {
    const settings = { functional: true, performance: false, targeting: true };
    expect(storedSettings(fakeStorage({ cookieSettings: JSON.stringify(settings) }))).toEqual(settings);
  });

  it("are every optional category off when nothing is stored", () => {
    expect(storedSettings(fakeStorage())).toEqual(ALL_OFF);
    expect(parseSettings(undefined)).toEqual(ALL_OFF);
  });

  it.each(["{not json", "", "[true,true,true]", "true", "null"])("are all off for corrupt JSON %j", (value) => {
    expect(storedSettings(fakeStorage({ cookieSettings: value }))).toEqual(ALL_OFF);
  });

  it("are all off when a category is missing or not a boolean", () => {
    expect(parseSettings(JSON.stringify({ functional: true, performance: true }))).toEqual(ALL_OFF);
    expect(parseSettings(JSON.stringify({ functional: "true", performance: true, targeting: true }))).toEqual(ALL_OFF);
    expect(parseSettings(JSON.stringify({ functional: 1, performance: 1, targeting: 1 }))).toEqual(ALL_OFF);
  });

  it("drop unknown extra keys", () => {
    expect(
      parseSettings(JSON.stringify({ functional: true, performance: true, targeting: false, advertising: true })),
    ).toEqual({ functional: true, performance: true, targeting: false });
  });
});

describe("the settings of Accept all and Reject all", () => {
  it("Accept all turns every optional category on", () => {
    expect(ALL_ON).toEqual({ functional: true, performance: true, targeting: true });
  });

  it("Reject all turns every optional category off", () => {
    expect(ALL_OFF).toEqual({ functional: false, performance: false, targeting: false });
  });
});

describe("consentRecordSchema", () => {
  const valid = { choice: "customized", functional: true, performance: false, targeting: false };

  it("accepts a choice with three booleans", () => {
    expect(consentRecordSchema.parse(valid)).toEqual(valid);
  });

  it("refuses an unknown choice", () => {
    expect(consentRecordSchema.safeParse({ ...valid, choice: "maybe" }).success).toBe(false);
  });

  it.each(["functional", "performance", "targeting"])("refuses %s given as a string or number", (key) => {
    expect(consentRecordSchema.safeParse({ ...valid, [key]: "true" }).success).toBe(false);
    expect(consentRecordSchema.safeParse({ ...valid, [key]: 1 }).success).toBe(false);
  });

  it("refuses a missing category", () => {
    const { targeting: _targeting, ...missing } = valid;
    expect(consentRecordSchema.safeParse(missing).success).toBe(false);
  });

  it("does not let a client switch strictly necessary cookies off", () => {
    const parsed = consentRecordSchema.parse({ ...valid, strictly_necessary: false, strictlyNecessary: false });
    expect(parsed).not.toHaveProperty("strictly_necessary");
    expect(parsed).not.toHaveProperty("strictlyNecessary");
  });
});

describe("cookieBannerInitScript", () => {
  const VERSION = "2026-11-26";

  /** Runs the inlined text as a browser would, against `entries` as the stored values. */
  function asks(entries: Record<string, string> | "throws", version = VERSION): boolean {
    const attributes = new Map<string, string>();
    const storage =
      entries === "throws"
        ? {
            getItem: () => {
              throw new DOMException("The operation is insecure.", "SecurityError");
            },
          }
        : fakeStorage(entries);
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    };
    new Function("localStorage", "document", cookieBannerInitScript(version))(storage, document);
    if (attributes.size > 0) expect(attributes).toEqual(new Map([[CONSENT_ASK_ATTRIBUTE, "ask"]]));
    return attributes.size > 0;
  }
  const receipt = (version: unknown) => JSON.stringify({ version, id: "record" });

  it("asks a visitor with nothing stored", () => {
    expect(asks({})).toBe(true);
  });

  it.each(["accepted", "rejected", "customized"])("does not ask again after %s under the current policy", (choice) => {
    expect(asks({ [COOKIE_CHOICE_KEY]: choice, [COOKIE_CONSENT_KEY]: receipt(VERSION) })).toBe(false);
  });

  it("asks when the choice was made under another policy, or kept no receipt", () => {
    expect(asks({ [COOKIE_CHOICE_KEY]: "accepted", [COOKIE_CONSENT_KEY]: receipt("2025-07-14") })).toBe(true);
    expect(asks({ [COOKIE_CHOICE_KEY]: "accepted" })).toBe(true);
    expect(asks({ [COOKIE_CHOICE_KEY]: "accepted", [COOKIE_CONSENT_KEY]: "{broken" })).toBe(true);
    expect(asks({ [COOKIE_CHOICE_KEY]: "accepted", [COOKIE_CONSENT_KEY]: "5" })).toBe(true);
  });

  it("asks when the stored choice is none of the three", () => {
    expect(asks({ [COOKIE_CHOICE_KEY]: "maybe", [COOKIE_CONSENT_KEY]: receipt(VERSION) })).toBe(true);
  });

  it("asks when storage cannot be read, as the banner does", () => {
    expect(asks("throws")).toBe(true);
  });

  it("keeps a version from the settings inside the script", () => {
    const version = '</script><script>alert(1)</script>"';
    const script = cookieBannerInitScript(version);
    expect(script).not.toContain("</script>");
    expect(asks({ [COOKIE_CHOICE_KEY]: "rejected", [COOKIE_CONSENT_KEY]: receipt(version) }, version)).toBe(false);
  });
});
