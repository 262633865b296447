import { currentBaseUrl } from '../api/lines';
import { useSessionStore } from '../store/session';
import { RealtimeClient } from './realtime-client';
import { followSession } from './session-token';
import { socketUrl } from './socket-url';

/** The app's one connection, on the current line, authenticated as the session's customer. */
export const realtime = new RealtimeClient({
  url: () => socketUrl(currentBaseUrl(), window.location),
  createSocket: (url) => new WebSocket(url),
});

followSession(realtime, useSessionStore);
