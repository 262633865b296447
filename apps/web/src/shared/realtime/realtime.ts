import { currentBaseUrl } from '../api/lines';
import { RealtimeClient } from './realtime-client';
import { socketUrl } from './socket-url';

/** The app's one connection, on the current line. */
export const realtime = new RealtimeClient({
  url: () => socketUrl(currentBaseUrl(), window.location),
  createSocket: (url) => new WebSocket(url),
});
