import { profile } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { deviceNameOf } from './device';
import { maskEmail } from '@kestrel/domain';
import { maskPhone } from './masking';
import { isSensitiveEvent, SECURITY_EVENT_TITLES, securityEventTitle } from './security-events';
import { codeError, confirmError, contactError, passwordError, phoneAccount } from '../../../shared/contact/validation';
import { refusalFieldOf } from './validation';

describe('masking contact details', () => {
  it('keeps the first two letters of an email name and its domain', () => {
    expect(maskEmail('trader@example.com')).toBe('tr***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('nonsense')).toBe('no***');
  });

  it('shows a phone number with its area code, hiding the middle', () => {
    expect(maskPhone('13800001234', '86')).toBe('+86 138****1234');
    expect(maskPhone('5551234', '1')).toBe('+1 55***34');
    expect(maskPhone('1234', null)).toBe('****');
  });
});

describe('device names from a user agent', () => {
  const cases: [string, string | null, string | null][] = [
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Edge',
      'Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'macOS'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
  ];
  it.each(cases)('%s', (agent, browser, system) => {
    expect(deviceNameOf(agent)).toEqual({ browser, system, fallback: '' });
  });

  it('falls back to the first word of an agent it does not know, cut short', () => {
    expect(deviceNameOf('curl/8.5.0')).toEqual({ browser: null, system: null, fallback: 'curl/8.5.0' });
    expect(deviceNameOf('')).toEqual({ browser: null, system: null, fallback: '' });
    expect(deviceNameOf('x'.repeat(80)).fallback).toHaveLength(32);
  });
});

describe('the security log kinds', () => {
  it('names every kind the contract has', () => {
    for (const kind of profile.SECURITY_EVENT_KINDS) expect(SECURITY_EVENT_TITLES[kind]).toMatch(/^profile\.event_/);
    expect(securityEventTitle('something_new')).toBe('profile.event_other');
  });

  it('marks the changes that could lock the customer out', () => {
    expect(isSensitiveEvent('password_reset')).toBe(true);
    expect(isSensitiveEvent('email_bound')).toBe(true);
    expect(isSensitiveEvent('login')).toBe(false);
    expect(isSensitiveEvent('nickname_changed')).toBe(false);
  });
});

describe('self-service field checks', () => {
  it('checks an email or a phone by the area code rule', () => {
    expect(contactError('email', '', '86')).toBe('auth.enter_email');
    expect(contactError('email', 'not-an-email', '86')).toBe('error.email_invalid');
    expect(contactError('email', 'new@example.com', '86')).toBeNull();
    expect(contactError('phone', '12345', '86')).toBe('error.phone_invalid');
    expect(contactError('phone', '13800001234', '86')).toBeNull();
    expect(contactError('phone', '5551234', '1')).toBeNull();
  });

  it('checks the code and the new password twice', () => {
    expect(codeError('12345')).toBe('auth.code_format');
    expect(codeError('123456')).toBeNull();
    expect(passwordError('')).toBe('auth.enter_password');
    expect(passwordError('12345678')).toBe('error.password_rule');
    expect(passwordError('Trader2026')).toBeNull();
    expect(confirmError('Trader2026', 'Trader2027')).toBe('auth.passwords_differ');
    expect(phoneAccount('86', '13800001234')).toBe('86-13800001234');
  });

  it('puts a refusal under the field it concerns', () => {
    expect(refusalFieldOf('error.email_in_use')).toBe('contact');
    expect(refusalFieldOf('error.phone_in_use')).toBe('contact');
    expect(refusalFieldOf('error.already_bound')).toBe('contact');
    expect(refusalFieldOf('error.code_invalid')).toBe('code');
    expect(refusalFieldOf('error.code_expired')).toBe('code');
    expect(refusalFieldOf('error.code_resend_too_soon')).toBe('contact');
    expect(refusalFieldOf('error.password_rule')).toBe('password');
    expect(refusalFieldOf('error.same_password')).toBe('password');
    expect(refusalFieldOf('error.real_account_only')).toBe('form');
  });
});
