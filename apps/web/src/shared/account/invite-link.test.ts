import { describe, expect, it } from 'vitest';
import { inviteLinkOf, registerRouteWithInvite } from './invite-link';

describe('invite link', () => {
  it('opens the register route with the code in its query, after the hash', () => {
    expect(registerRouteWithInvite('AB12CD34')).toBe('/pages/user/register?inviteCode=AB12CD34');
    expect(inviteLinkOf('AB12CD34', { origin: 'https://app.example.com', pathname: '/' })).toBe(
      'https://app.example.com/#/pages/user/register?inviteCode=AB12CD34',
    );
  });

  it('keeps the app’s own path and drops this visit’s query, and encodes the code', () => {
    expect(inviteLinkOf('A B&C', { origin: 'http://127.0.0.1:8090', pathname: '/app/index.html' })).toBe(
      'http://127.0.0.1:8090/app/index.html#/pages/user/register?inviteCode=A%20B%26C',
    );
  });

  it('reads the register form’s own parameter back out of the link', () => {
    const link = inviteLinkOf('KESTREL1', { origin: 'https://app.example.com', pathname: '/' });
    const hash = new URL(link).hash.slice(1);
    expect(hash.split('?')[0]).toBe('/pages/user/register');
    expect(new URLSearchParams(hash.split('?')[1]).get('inviteCode')).toBe('KESTREL1');
  });
});
