import { expect } from 'vitest';
import type { TestServer } from '../../test/harness';

/** The audit rows written since `sinceId`, oldest first. */
export async function auditSince(server: TestServer, sinceId: number) {
  return server.context.database.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('id', '>', sinceId)
    .orderBy('id')
    .execute();
}

export async function lastAuditId(server: TestServer): Promise<number> {
  const row = await server.context.database.db
    .selectFrom('operator_audit')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * Runs one operator POST and checks it succeeded with exactly one audit row of `action` by
 * `staffId`, carrying the reason and a before and after. Answers the envelope's data and the row.
 */
export async function postAudited(
  server: TestServer,
  token: string,
  path: string,
  body: Record<string, unknown>,
  expected: { action: string; staffId: number; reason?: string },
) {
  const since = await lastAuditId(server);
  const answer = await server.post(path, body, { token, json: true });
  expect(answer.body, path).toMatchObject({ code: 200 });
  const rows = await auditSince(server, since);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    action: expected.action,
    staff_id: expected.staffId,
    reason: expected.reason ?? body.reason,
  });
  expect(rows[0]!.after_json).not.toBeNull();
  return { data: answer.body.data, audit: rows[0]! };
}

/** Posts a refused save and checks the refusal key (and params), that no audit row was written. */
export async function postRefused(
  server: TestServer,
  token: string,
  path: string,
  body: Record<string, unknown>,
  msg: string,
  params?: Record<string, unknown>,
): Promise<void> {
  const since = await lastAuditId(server);
  const answer = await server.post(path, body, { token, json: true });
  expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
  if (params) expect(answer.body.params).toMatchObject(params);
  expect(await auditSince(server, since)).toHaveLength(0);
}
