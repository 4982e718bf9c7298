/**
 * Nobody can lock an owner out: wrong passwords are slowed down per (account, address)
 * pair and per address with doubling, capped delays, on the in-memory store (with a clock the test
 * moves) and on the database's store; the owner learns of the failures at their next sign-in; the
 * account page's current-password check counts the same way.
 */
import { describe, expect, it } from "vitest";
import { createSession, getSessionUser } from "~/server/auth/sessions.server";
import { INVALID_CREDENTIALS, signIn, type SignInResult } from "~/server/auth/sign-in.server";
import { PAIR_POLICY, SignInThrottle } from "~/server/auth/sign-in-throttle.server";
import { changeOwnPassword, createUser, findUserById, WRONG_CURRENT_PASSWORD } from "~/server/auth/users.server";
import { DatabaseRateLimitStore } from "~/server/platform/rate-limit/database-rate-limit-store.server";
import { MemoryRateLimitStore } from "~/server/platform/rate-limit/rate-limit.server";
import { type ExpectedError } from "~/server/platform/errors.server";
import { accountsDatabaseForFile } from "./accounts-database";

const database = accountsDatabaseForFile();

const OWNER = { email: "owner@example.com", password: "a quiet harbour at dawn" };
const ATTACKER = "198.51.100.66";
const OWNER_ADDRESS = "203.0.113.5";
const MINUTE = 60_000;

/** A throttle on its own in-memory store, read by a clock the test moves. */
function throttleWithClock() {
  let time = 1_700_000_000_000;
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  return { clock, throttle: new SignInThrottle(new MemoryRateLimitStore(clock.now)) };
}

function attempt(throttle: SignInThrottle, password: string, address: string, email = OWNER.email) {
  return signIn(database.db, { email, password }, address, throttle);
}

const waitOf = (result: SignInResult) => (result.ok ? 0 : (result.retryAfterSeconds ?? 0));

describe("sign-in throttling", () => {
  it("never stops the owner signing in from another address, however often an attacker fails", async () => {
    await createUser(database.db, { ...OWNER, role: "admin" });
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 30; i++) await attempt(throttle, `guess-number-${i}`, ATTACKER);
    expect(await attempt(throttle, OWNER.password, ATTACKER)).toMatchObject({ ok: false, status: 429 });
    expect(await attempt(throttle, OWNER.password, OWNER_ADDRESS)).toMatchObject({ ok: true });
  });

  it("after five failures of a pair, each next try waits twice as long, up to 15 minutes", async () => {
    await createUser(database.db, { ...OWNER, role: "admin" });
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 4; i++) {
      expect(await attempt(throttle, "wrong-password", ATTACKER)).toMatchObject({ status: 401 });
    }
    // The fifth failure starts the first wait; each failure after a wait doubles it.
    expect(await attempt(throttle, "wrong-password", ATTACKER)).toMatchObject({ status: 401 });
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const refused = await attempt(throttle, OWNER.password, ATTACKER);
      expect(refused).toMatchObject({ ok: false, status: 429 });
      waits.push(waitOf(refused));
      // Still refused a second before the wait ends; tried (and wrong again) once it has.
      clock.advance(waitOf(refused) * 1000 - 1000);
      expect(await attempt(throttle, OWNER.password, ATTACKER)).toMatchObject({ status: 429 });
      clock.advance(1000);
      expect(await attempt(throttle, "wrong-password", ATTACKER)).toMatchObject({ status: 401 });
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
    expect(PAIR_POLICY.maxDelayMs).toBe(15 * MINUTE);
  });

  it("says when to try again", async () => {
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 5; i++) await attempt(throttle, "wrong-password", ATTACKER, "nobody@example.com");
    clock.advance(15_000);
    expect(await attempt(throttle, "wrong-password", ATTACKER, "nobody@example.com")).toEqual({
      ok: false,
      status: 429,
      errors: { form: "Too many failed sign-in attempts. Please wait 45 seconds and try again." },
      retryAfterSeconds: 45,
    });
    clock.advance(45_000);
    await attempt(throttle, "wrong-password", ATTACKER, "nobody@example.com");
    expect(await attempt(throttle, "wrong-password", ATTACKER, "nobody@example.com")).toMatchObject({
      errors: { form: "Too many failed sign-in attempts. Please wait 2 minutes and try again." },
    });
  });

  it("slows down one address trying many accounts, without touching other addresses", async () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 20; i++) {
      expect(await attempt(throttle, "Password1!", ATTACKER, `user${i}@example.com`)).toMatchObject({
        errors: { form: INVALID_CREDENTIALS },
      });
    }
    expect(await attempt(throttle, "Password1!", ATTACKER, "user99@example.com")).toMatchObject({ status: 429 });
    expect(await attempt(throttle, "Password1!", OWNER_ADDRESS, "user99@example.com")).toMatchObject({
      status: 401,
    });
  });

  it("counts in PostgreSQL's store too, where every instance sees the same waits", async () => {
    await createUser(database.db, { ...OWNER, role: "admin" });
    const store = new DatabaseRateLimitStore(database.db);
    // Two instances, each with its own throttle on the one database.
    const [first, second] = [new SignInThrottle(store), new SignInThrottle(new DatabaseRateLimitStore(database.db))];
    for (let i = 0; i < 5; i++) await attempt(i % 2 ? first! : second!, "wrong-password", ATTACKER);
    const refused = await attempt(second!, OWNER.password, ATTACKER);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(waitOf(refused)).toBeGreaterThan(50);
    expect(waitOf(refused)).toBeLessThanOrEqual(60);
    expect(await attempt(first!, OWNER.password, OWNER_ADDRESS)).toMatchObject({ ok: true });
  });
});

describe("failed sign-ins shown to the owner", () => {
  it("are counted on the account and handed to the next session once, with when and from where", async () => {
    const owner = await createUser(database.db, { ...OWNER, role: "admin" });
    const { throttle } = throttleWithClock();
    await attempt(throttle, "wrong-password-1", "198.51.100.1");
    await attempt(throttle, "wrong-password-2", ATTACKER);
    await attempt(throttle, "wrong-password", ATTACKER, "nobody@example.com");

    const signedIn = await attempt(throttle, OWNER.password, OWNER_ADDRESS);
    expect(signedIn).toMatchObject({ ok: true, failedSignIns: { count: 2, lastFrom: ATTACKER } });
    const notice = signedIn.ok ? signedIn.failedSignIns! : null;
    expect(Date.now() - new Date(notice!.lastAt).getTime()).toBeLessThan(60_000);

    // The session keeps the notice for its lifetime; the next sign-in has nothing new to show.
    const cookie = await createSession(database.db, owner.id, null, new Date(), notice);
    const request = new Request("http://localhost/cms", { headers: { Cookie: cookie.split(";")[0]! } });
    expect((await getSessionUser(database.db, request))?.signInNotice).toEqual(notice);
    expect(await attempt(throttle, OWNER.password, OWNER_ADDRESS)).toMatchObject({ ok: true, failedSignIns: null });
  });
});

describe("the account page's current-password check", () => {
  it("is slowed down like the sign-in form, per address", async () => {
    const created = await createUser(database.db, { ...OWNER, role: "editor" });
    const owner = (await findUserById(database.db, created.id))!;
    const { throttle } = throttleWithClock();
    const change = (currentPassword: string, address: string) =>
      changeOwnPassword(
        database.db,
        owner,
        { currentPassword, newPassword: "another quiet harbour at dusk" },
        address,
        throttle,
      ).then(
        () => "changed",
        (error: ExpectedError) => `${error.status} ${error.message}`,
      );
    for (let i = 0; i < 5; i++) expect(await change("wrong-password", ATTACKER)).toBe(`400 ${WRONG_CURRENT_PASSWORD}`);
    expect(await change(OWNER.password, ATTACKER)).toBe(
      "429 Too many wrong passwords. Please wait 1 minute and try again.",
    );
    expect(await change(OWNER.password, OWNER_ADDRESS)).toBe("changed");
  });
});
