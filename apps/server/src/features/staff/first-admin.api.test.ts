import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { ensureFirstAdmin, FIRST_ADMIN_FILE, firstAdminCode } from './first-admin';

describeOnEachDatabase('the first operator of a fresh install', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is created once, its secrets written to a private file, and signs in with them', async () => {
    const { db } = server.context.database;
    expect(await db.selectFrom('staff_member').select('id').execute()).toEqual([]);
    const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-first-admin-'));
    const file = await ensureFirstAdmin(db, dataDirectory, server.clock.now);
    expect(file).toBe(path.join(dataDirectory, FIRST_ADMIN_FILE));
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const text = readFileSync(file!, 'utf8');
    const password = /^Password: (\S+)$/m.exec(text)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    expect(text).toMatch(/^otpauth URI: otpauth:\/\/totp\//m);

    const login = await server.post('/api/operator/login', {
      username: 'admin',
      password: password!,
      totpCode: firstAdminCode(dataDirectory, server.clock.now)!,
    });
    expect(login.body).toMatchObject({ code: 200, data: { staff: { username: 'admin', role: 'admin' } } });

    // A second start changes nothing: the file stays, and no second admin appears.
    expect(await ensureFirstAdmin(db, dataDirectory, server.clock.now)).toBeNull();
    expect(readFileSync(file!, 'utf8')).toBe(text);
    expect(await db.selectFrom('staff_member').select('id').execute()).toHaveLength(1);
  });
});
