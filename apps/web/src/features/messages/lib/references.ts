import type { MessageKey } from '@kestrel/contract/web';

/** Where a message's button leads, and what it says. */
export interface ReferenceTarget {
  path: string;
  labelKey: MessageKey;
}

/** A positive record id out of `<type>:<id>`, or null. */
function idOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The screen of the record a message refers to (`reference` is `<type>:<id>`, contract
 * messages.siteMessage), by route path (SPEC §2; app/routes.tsx) so this feature imports no other:
 * a deposit opens its detail, a loan its detail; withdrawals, positions and new-share subscriptions
 * open their lists (they have no page of one record); a fast trade opens the statement, where its
 * settlement is a line. A broadcast, or anything unknown, has none.
 */
export function referenceTarget(reference: string): ReferenceTarget | null {
  const colon = reference.indexOf(':');
  if (colon <= 0) return null;
  const type = reference.slice(0, colon);
  const id = idOf(reference.slice(colon + 1));
  if (id === null) return null;
  switch (type) {
    case 'deposit':
      return { path: `/pages/user/recharge-detail?id=${id}`, labelKey: 'msg.open_deposit' };
    case 'withdrawal':
      return { path: '/pages/user/withdrawRecord', labelKey: 'msg.open_withdrawals' };
    case 'position':
      return { path: '/pages/position/contractPosition', labelKey: 'msg.open_positions' };
    case 'fast_trade':
      return { path: '/pages/record/accountRecord', labelKey: 'msg.open_statement' };
    case 'new_share_subscription':
      return { path: '/pages/newShares/his', labelKey: 'msg.open_subscriptions' };
    case 'loan':
      return { path: `/pages/loan/detail?id=${id}`, labelKey: 'msg.open_loan' };
    case 'identity':
      return { path: '/pages/user/authentication', labelKey: 'msg.open_identity' };
    default:
      return null;
  }
}
