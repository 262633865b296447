import { customerKey } from '../../../shared/api/customer-keys';

/**
 * The copy-trading queries, under the `copyTrading` kind of the customer keys. Even the public trader
 * list is kept per session: each row says whether THIS viewer follows the trader (and is not the
 * viewer), so a login, a logout or the demo switch must never show another viewer's answer. Every
 * action of the screen (follow, unfollow, publish, stop) names this kind in `changes`.
 */
export const copyKey = (token: string | null, ...detail: unknown[]) => customerKey('copyTrading', token, ...detail);

/** How often the follows and a follow's copies are read again while shown (refetchInterval pauses in the background). */
export const COPY_REFRESH_MS = 5_000;
