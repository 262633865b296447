import type { contracts, fastTrade } from '@kestrel/contract';
import { useSessionStore } from '../store/session';
import { realtime } from './realtime';
import type { Topic } from './topics';

/**
 * The customer's own channels (apps/server/src/realtime/hub.ts PRIVATE_CHANNELS) and what each
 * carries, from the contract where the contract defines the message; `unknown` until one does (treat
 * such a message as "something changed, refetch").
 */
export interface PrivateTopicMessages {
  positions: contracts.PositionsMessage;
  spotOrders: unknown;
  fastOrders: fastTrade.FastOrderPush;
  bibiOrders: unknown;
  balances: unknown;
}

export type PrivateChannel = keyof PrivateTopicMessages;

/** `private:<channel>`: `useTopic(privateTopic('positions'), (message) => ...)`. */
export function privateTopic<Channel extends PrivateChannel>(
  channel: Channel,
): Topic<PrivateTopicMessages[Channel]> {
  return `private:${channel}`;
}

/** What followSession reads: the session store (tests pass a small store of their own). */
export interface TokenSource {
  getState: () => { token: string | null };
  subscribe: (listener: (state: { token: string | null }) => void) => () => void;
}

/**
 * Keeps the socket's token equal to the session's: login, logout and the demo switch each start a
 * fresh, correctly authenticated connection. Called when this module first loads; the wiring lives
 * here rather than in realtime.ts because only screens that read private topics need it, and the first
 * screen's budget has no room for it (a logged-in home screen has no private topic to authenticate).
 */
export function followSession(
  client: Pick<typeof realtime, 'setToken'> = realtime,
  store: TokenSource = useSessionStore,
): () => void {
  client.setToken(store.getState().token);
  return store.subscribe((state) => client.setToken(state.token));
}

followSession();
