import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** One step either side of now is accepted, for a phone clock a little off. */
const TOTP_WINDOW_STEPS = 1;
const TOTP_SECRET_BYTES = 20;
const TOTP_ISSUER = 'Kestrel console';
const CODE_PATTERN = /^\d{6}$/;

function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The `otpauth://` URI an enrolment QR code holds. */
export function totpUri(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/** The code for a moment (tests and the start-up note use it; a member's phone computes the same). */
export function totpCodeAt(secretBase32: string, timeMs: number): string {
  return totpOf(secretBase32, '').generate({ timestamp: timeMs });
}

/**
 * The 30-second step a code is good for at `timeMs`, or null when it is not a code of this secret
 * near now. The caller must still refuse a step at or before the last one it accepted (a reused code).
 */
export function totpStepOf(secretBase32: string, code: string, timeMs: number): number | null {
  if (!CODE_PATTERN.test(code)) return null;
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: timeMs, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
