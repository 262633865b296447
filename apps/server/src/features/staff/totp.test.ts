import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCodeAt, totpStepOf, totpUri } from './totp';

const STEP_MS = 30_000;

describe('staff TOTP', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_000_000;

  it('accepts the code of now and of one step either side, and names its step', () => {
    const step = Math.floor(now / STEP_MS);
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, now - STEP_MS), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now + STEP_MS), now)).toBe(step + 1);
  });

  it('refuses a code two steps old, another secret, and anything that is not six digits', () => {
    expect(totpStepOf(secret, totpCodeAt(secret, now - 3 * STEP_MS), now)).toBeNull();
    const other = newTotpSecret();
    expect(other).not.toBe(secret);
    const foreign = totpCodeAt(other, now);
    if (foreign !== totpCodeAt(secret, now)) expect(totpStepOf(secret, foreign, now)).toBeNull();
    for (const text of ['', '12345', '1234567', '12a456', ' 123456']) expect(totpStepOf(secret, text, now)).toBeNull();
  });

  it('writes an otpauth URI an authenticator app reads', () => {
    const uri = totpUri(secret, 'alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Kestrel%20console:alice\?/);
    expect(uri).toContain(`secret=${secret}`);
  });
});
