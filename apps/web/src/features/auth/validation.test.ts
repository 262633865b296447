import { describe, expect, it } from 'vitest';
import { codeError, confirmError, contactError, passwordError, phoneAccount } from '../../shared/contact/validation';
import { inviteCodeError } from './validation';

describe('login and register checks (SPEC §5)', () => {
  it('emails', () => {
    expect(contactError('email', '', '86')).toBe('auth.enter_email');
    expect(contactError('email', 'trader@example.com', '86')).toBeNull();
    expect(contactError('email', 'trader@', '86')).toBe('error.email_invalid');
  });

  it('phones: the mainland rule for 86, the international one otherwise', () => {
    expect(contactError('phone', '', '86')).toBe('auth.enter_phone');
    expect(contactError('phone', '13800138000', '86')).toBeNull();
    expect(contactError('phone', '12800138000', '86')).toBe('error.phone_invalid');
    expect(contactError('phone', '2025550123', '86')).toBe('error.phone_invalid');
    expect(contactError('phone', '2025550123', '1')).toBeNull();
    expect(contactError('phone', '12345', '44')).toBe('error.phone_invalid');
    expect(phoneAccount('86', '13800138000')).toBe('86-13800138000');
  });

  it('passwords: 8+ letters or digits with a letter; the confirmation matches', () => {
    expect(passwordError('')).toBe('auth.enter_password');
    expect(passwordError('Trader2026')).toBeNull();
    expect(passwordError('12345678')).toBe('error.password_rule');
    expect(passwordError('short1a')).toBe('error.password_rule');
    expect(passwordError('has space1')).toBe('error.password_rule');
    expect(confirmError('Trader2026', '')).toBe('auth.enter_confirm');
    expect(confirmError('Trader2026', 'Trader2027')).toBe('auth.passwords_differ');
    expect(confirmError('Trader2026', 'Trader2026')).toBeNull();
  });

  it('the 6-digit code and the invite code as the switches want it', () => {
    expect(codeError('123456')).toBeNull();
    expect(codeError('12345')).toBe('auth.code_format');
    expect(codeError('12345a')).toBe('auth.code_format');
    expect(inviteCodeError('', false)).toBeNull();
    expect(inviteCodeError('', true)).toBe('error.invite_code_required');
    expect(inviteCodeError('KESTREL1', true)).toBeNull();
    expect(inviteCodeError('bad code!', false)).toBe('error.invite_code_invalid');
  });
});
