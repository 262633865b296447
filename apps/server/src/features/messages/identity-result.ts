import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeSiteMessage } from './site-message-writer';

/**
 * For identity verification (issue 14, not built yet): call this inside the transaction that records
 * the operator's decision on a customer's verification, so the customer gets exactly one message per
 * decision, in their language. `verificationId` names the submission (reference
 * `identity:<verificationId>`), so a resubmission after a rejection gets its own message.
 * Texts: `sitemsg.identity_result.approved|rejected.title|body`; `{{reason}}` is the operator's reason
 * (shown on a rejection).
 */
export function writeIdentityResult(
  transaction: Kysely<Database>,
  decision: { userId: number; verificationId: number; approved: boolean; reason: string },
  now: number,
): Promise<{ written: boolean; id: number | null }> {
  return writeSiteMessage(
    transaction,
    {
      userId: decision.userId,
      kind: 'identity_result',
      outcome: decision.approved ? 'approved' : 'rejected',
      reference: `identity:${decision.verificationId}`,
      params: { reason: decision.reason === '' ? '-' : decision.reason },
    },
    now,
  );
}
