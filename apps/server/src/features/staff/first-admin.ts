import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addStaff } from './staff-service';
import { totpCodeAt } from './totp';

export const FIRST_ADMIN_USERNAME = 'admin';
/** In the data folder, mode 0600, as the market maker's secret is. */
export const FIRST_ADMIN_FILE = 'operator-admin.txt';
const SECRET_LINE = /^TOTP secret: ([A-Z2-7]+)$/m;

/**
 * On a fresh embedded install, the first operator: `admin` with a random password and TOTP secret,
 * written to a file in the data folder so a newcomer can open the console and fund a live account
 * within minutes. Does nothing once any staff member exists. Answers the file it wrote, or null.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  dataDirectory: string,
  now: number,
): Promise<string | null> {
  const anyone = await db.selectFrom('staff_member').select('id').limit(1).executeTakeFirst();
  if (anyone) return null;
  const password = randomBytes(18).toString('base64url');
  const enrolment = await addStaff(db, { username: FIRST_ADMIN_USERNAME, role: 'admin', password }, now);
  const file = path.join(dataDirectory, FIRST_ADMIN_FILE);
  writeFileSync(
    file,
    [
      'The first Kestrel operator, created on the first start of this install.',
      'Console: /admin/ on this server. Sign in with the name, the password and the 6-digit code',
      'of an authenticator app holding the TOTP secret (scan the otpauth URI as a QR code).',
      'No app at hand: `npm run staff -- code` prints the current code from this file.',
      'Then add named operators in the console (Staff) and disable this one.',
      '',
      `Username: ${FIRST_ADMIN_USERNAME}`,
      `Password: ${password}`,
      `TOTP secret: ${enrolment.totpSecret}`,
      `otpauth URI: ${enrolment.otpauthUri}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return file;
}

/** The current code of the first admin, read from its file (the `code` command of npm run staff). */
export function firstAdminCode(dataDirectory: string, now: number): string | null {
  const file = path.join(dataDirectory, FIRST_ADMIN_FILE);
  if (!existsSync(file)) return null;
  const secret = SECRET_LINE.exec(readFileSync(file, 'utf8'))?.[1];
  return secret ? totpCodeAt(secret, now) : null;
}
