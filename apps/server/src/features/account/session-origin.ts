import type { FastifyRequest } from 'fastify';

/** Where a session began or a change was made: shown to the customer in the session list and the security log. */
export interface SessionOrigin {
  /** The user agent, without control characters, at most DEVICE_LABEL_LENGTH_MAX characters; '' when absent. */
  deviceLabel: string;
  /** The full address (the session keeps it; the customer sees it masked). */
  ip: string;
}

export const DEVICE_LABEL_LENGTH_MAX = 200;

/** An origin for work no request asked for (tests, scripts). */
export const UNKNOWN_ORIGIN: SessionOrigin = { deviceLabel: '', ip: '' };

// A user agent is the client's own text: control characters would garble the list, so they become spaces.
const CONTROL_CHARACTERS = /\p{Cc}/gu;

export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  const header = request.headers['user-agent'];
  const userAgent = (Array.isArray(header) ? header[0] : header) ?? '';
  return { deviceLabel: deviceLabelOf(userAgent), ip: request.ip ?? '' };
}

export function deviceLabelOf(userAgent: string): string {
  // Cut by characters, not UTF-16 units, so no half of a surrogate pair is stored.
  return [...userAgent.replace(CONTROL_CHARACTERS, ' ').trim()].slice(0, DEVICE_LABEL_LENGTH_MAX).join('');
}

/**
 * An address with its host part hidden: IPv4 keeps three octets (203.0.113.x), IPv6 its first three
 * groups (2001:db8:85a3:x), an IPv4-mapped IPv6 address reads as IPv4. Enough to recognise "my home",
 * not enough to locate a device.
 */
export function maskIp(ip: string): string {
  const address = ip.trim().replace(/^::ffff:/i, '');
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(address);
  if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.x`;
  if (address.includes(':')) {
    const groups = expandIpv6(address);
    if (groups) return `${groups.slice(0, 3).join(':')}:x`;
  }
  return address === '' ? '' : 'x';
}

/** The eight groups of an IPv6 address (without leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const withoutZone = address.replace(/%.*$/, '');
  if (!/^[0-9a-f:]{2,39}$/i.test(withoutZone)) return null;
  const halves = withoutZone.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
