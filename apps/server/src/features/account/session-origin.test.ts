import { describe, expect, it } from 'vitest';
import { profile } from '@kestrel/contract';
import { deviceLabelOf, maskIp } from './session-origin';
import { maskEmail } from '@kestrel/domain';
import { maskPhone } from './security-log';

describe('what the session list and the security log show', () => {
  it('masks IPv4, IPv4-mapped and IPv6 addresses, and anything else entirely', () => {
    expect(maskIp('203.0.113.7')).toBe('203.0.113.x');
    expect(maskIp('::ffff:198.51.100.23')).toBe('198.51.100.x');
    expect(maskIp('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe('2001:db8:85a3:x');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:0:x');
    expect(maskIp('::1')).toBe('0:0:0:x');
    expect(maskIp('fe80::1%eth0')).toBe('fe80:0:0:x');
    expect(maskIp('not an address')).toBe('x');
    expect(maskIp('1:2:3:4:5:6:7:8:9')).toBe('x');
    expect(maskIp('')).toBe('');
  });

  it('keeps at most 200 characters of a user agent, control characters turned into spaces', () => {
    expect(deviceLabelOf('  Agent\u0000/1\r\n ')).toBe('Agent /1');
    expect([...deviceLabelOf('🦅'.repeat(250))]).toHaveLength(200);
    expect(deviceLabelOf('🦅'.repeat(250)).endsWith('🦅')).toBe(true);
  });

  it('masks a bound email and phone', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskPhone('86', '13812345678')).toBe('+86 ***5678');
  });

  it('the nickname rule the phone shares', () => {
    expect(profile.isValidNickName('Jane')).toBe(true);
    expect(profile.isValidNickName('🦅'.repeat(32))).toBe(true);
    expect(profile.isValidNickName('🦅'.repeat(33))).toBe(false);
    for (const bad of ['', '<b>', 'a>b', 'a\u0000', 'a\u2028b', '\u2066x'])
      expect(profile.isValidNickName(bad)).toBe(false);
  });
});
