import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import type { StaffRole } from '../staff-roles';
import { auditReason, recordId } from './shapes';

/**
 * An operator's create-or-edit call (`.../save`): a JSON body whose `id` names the record to edit
 * (absent: create one), the record's own fields, and the `reason` kept in the audit row; it answers
 * the record as saved. A call that must not run twice passes `idempotent: true` (its Idempotency-Key).
 */
export function operatorSaveEndpoint<
  const Call extends {
    path: `/api/operator/${string}`;
    staffRoles: readonly StaffRole[];
    summary: string;
    idempotent?: true;
  },
  Fields extends z.ZodRawShape,
  Saved extends z.ZodType,
>({ fields, saved, ...call }: Call & { fields: Fields; saved: Saved }) {
  return defineEndpoint({
    method: 'POST',
    ...call,
    tag: 'operator',
    auth: 'user',
    bodyEncoding: 'json',
    body: z.object({ id: recordId.optional(), ...fields, reason: auditReason }),
    answer: { kind: 'data', schema: saved },
  });
}
