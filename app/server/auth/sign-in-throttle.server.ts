/**
 * How wrong passwords are slowed down, without letting anyone lock an account (OWASP
 * Authentication Cheat Sheet). Failures count per (account, client address) pair and per client
 * address, each with growing delays (platform/rate-limit/backoff.server.ts), never per account
 * alone: an attacker who knows an administrator's e-mail slows only their own address down, and
 * the owner still signs in from anywhere else. The per-address count stops one address trying
 * passwords across many accounts. The sign-in form, the first-run set-up and the account page's
 * current-password check all count here.
 */
import { FailureBackoff, type BackoffPolicy } from "../platform/rate-limit/backoff.server";
import type { RateLimitResult, RateLimitStore } from "../platform/rate-limit/rate-limit.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One person mistyping: five tries free, then 1, 2, 4, 8 minutes, then 15 minutes each time. */
export const PAIR_POLICY: BackoffPolicy = {
  freeFailures: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: DAY,
};

/** An office behind one address gets more room; a password sprayer gets up to an hour per try. */
export const ADDRESS_POLICY: BackoffPolicy = {
  freeFailures: 20,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
  forgetAfterMs: DAY,
};

export class SignInThrottle {
  readonly pair: FailureBackoff;
  readonly address: FailureBackoff;

  /** @param store a store of its own, for tests that move a clock by hand; otherwise the process's */
  constructor(store?: RateLimitStore) {
    this.pair = new FailureBackoff("sign-in-pair", PAIR_POLICY, store);
    this.address = new FailureBackoff("sign-in-address", ADDRESS_POLICY, store);
  }

  private static pairKey(email: string, clientAddress: string): string {
    return `${email}|${clientAddress}`;
  }

  /** Whether this address may try a password for this account now (the longer wait wins). */
  async check(email: string, clientAddress: string): Promise<RateLimitResult> {
    const results = await Promise.all([
      this.pair.check(SignInThrottle.pairKey(email, clientAddress)),
      this.address.check(clientAddress),
    ]);
    return longerWait(results);
  }

  /** Counts a wrong password for this account from this address. */
  async fail(email: string, clientAddress: string): Promise<RateLimitResult> {
    const results = await Promise.all([
      this.pair.fail(SignInThrottle.pairKey(email, clientAddress)),
      this.address.fail(clientAddress),
    ]);
    return longerWait(results);
  }

  /**
   * The right password: the pair starts afresh. The address keeps its count, or an attacker with
   * an account of their own could clear it between guesses at other people's.
   */
  async succeed(email: string, clientAddress: string): Promise<void> {
    await this.pair.reset(SignInThrottle.pairKey(email, clientAddress));
  }

  /** The first-run set-up has no account yet: only its address counts. */
  checkAddress(clientAddress: string): Promise<RateLimitResult> {
    return this.address.check(clientAddress);
  }

  failAddress(clientAddress: string): Promise<RateLimitResult> {
    return this.address.fail(clientAddress);
  }
}

function longerWait(results: RateLimitResult[]): RateLimitResult {
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) };
}

/** The process's throttle, counting in the store the database module chose. */
export const signInThrottle = new SignInThrottle();

/** "1 minute", "3 minutes", "45 seconds": the wait in words, rounded up to whole minutes past one. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The message of a throttled sign-in: when to try again, not merely that it failed. */
export function tooManyAttempts(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
}
