/** What followSession reads: the session store (tests pass a small store of their own). */
export interface TokenSource {
  getState: () => { token: string | null };
  subscribe: (listener: (state: { token: string | null }) => void) => () => void;
}

/**
 * Keeps the socket's token equal to the session's: login, logout and the demo switch each start a
 * fresh, correctly authenticated connection (RealtimeClient.setToken). Returns the unsubscribe.
 */
export function followSession(client: { setToken: (token: string | null) => void }, store: TokenSource): () => void {
  client.setToken(store.getState().token);
  return store.subscribe((state) => client.setToken(state.token));
}
