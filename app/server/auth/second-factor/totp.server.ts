/**
 * TOTP (RFC 6238) with otplib: six digits, 30-second steps, SHA-1 (what every authenticator app
 * reads from a QR code). A code is accepted for the current step and one step either side (clocks
 * drift), and only once: the step of the last accepted code is kept on the user and a code of that
 * step or an earlier one is refused (RFC 6238 section 5.2). The time is passed in, so tests drive
 * the clock.
 */
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const CODE_PATTERN = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

/**
 * The QR code as SVG markup: drawn inline in the page, so the Content-Security-Policy (no data:
 * images, no inline scripts) has nothing to allow. Only paths and a viewBox: no script can be in it.
 */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** "123 456", "123-456" and "123456" are the same code. */
export function normaliseTotpCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/**
 * Whether `code` is right for `secret` at `now` and newer than `afterTimeStep`; the step it matched
 * when it is, which the caller must store to refuse the same code again.
 */
export async function matchTotpCode(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep: number | null,
): Promise<{ valid: true; timeStep: number } | { valid: false }> {
  const token = normaliseTotpCode(code);
  if (!CODE_PATTERN.test(token)) return { valid: false };
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  if (!result.valid) return { valid: false };
  // The functional API's result type also covers HOTP, which has no time step: the TOTP one does.
  const timeStep = "timeStep" in result ? result.timeStep : Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
  return { valid: true, timeStep };
}
