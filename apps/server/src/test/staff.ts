import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@kestrel/contract';
import { addStaff } from '../features/staff/staff-service';
import { totpCodeAt } from '../features/staff/totp';
import type { TestServer } from './test-server';

export const STAFF_TEST_PASSWORD = 'staff-password-1';

/** A staff member created as `npm run staff -- add` does; `totpSecret` makes their codes (`staffCode`). */
export async function addTestStaff(
  server: TestServer,
  role: StaffRole,
): Promise<{ id: number; username: string; password: string; totpSecret: string }> {
  const username = `${role}.${randomBytes(3).toString('hex')}`;
  const enrolment = await addStaff(
    server.context.database.db,
    { username, role, password: STAFF_TEST_PASSWORD },
    server.clock.now,
  );
  return { id: enrolment.member.id, username, password: STAFF_TEST_PASSWORD, totpSecret: enrolment.totpSecret };
}

/** The member's authenticator code at the server's time (`stepsAhead` picks a later one, for a second login). */
export function staffCode(server: TestServer, totpSecret: string, stepsAhead = 0): string {
  return totpCodeAt(totpSecret, server.clock.now + stepsAhead * 30_000);
}

/** A new staff member of `role`, signed in through the API with password and TOTP code. */
export async function staffToken(server: TestServer, role: StaffRole): Promise<{ token: string; id: number }> {
  const member = await addTestStaff(server, role);
  const login = await server.post('/api/operator/login', {
    username: member.username,
    password: member.password,
    totpCode: staffCode(server, member.totpSecret),
  });
  if (login.body.code !== 200) throw new Error(`staff login failed: ${JSON.stringify(login.body)}`);
  return { token: login.body.data.token, id: member.id };
}
