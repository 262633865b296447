import type { support } from '@kestrel/contract';
import { useEffect, useRef, useState } from 'react';
import { readSession } from '../api/session';

type StaffEvent = support.SupportStaffEvent;
type Listener = (event: StaffEvent) => void;

/**
 * The staff side of the realtime hub: `{ op: 'auth', token, as: 'staff' }`, then `private:support`.
 * One socket per tab, opened while anyone listens, reconnected with a back-off; `connected` tells the
 * screens whether to poll instead.
 */
class StaffSocket {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<(live: boolean) => void>();
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  live = false;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (!this.socket) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  }

  onStatus(listener: (live: boolean) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setLive(live: boolean) {
    this.live = live;
    for (const listener of this.statusListeners) listener(live);
  }

  private open() {
    const session = readSession();
    if (!session || typeof WebSocket === 'undefined') return;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ op: 'auth', token: session.token, as: 'staff' }));
    socket.onmessage = (message) => {
      let frame: { op?: string; topic?: string; data?: unknown };
      try {
        frame = JSON.parse(String(message.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.op === 'authenticated') {
        socket.send(JSON.stringify({ op: 'subscribe', topics: ['private:support'] }));
      } else if (frame.op === 'subscribed') {
        this.attempts = 0;
        this.setLive(true);
      } else if (frame.topic === 'private:support' && frame.data) {
        for (const listener of this.listeners) listener(frame.data as StaffEvent);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setLive(false);
      if (this.listeners.size > 0 && readSession()) {
        this.attempts += 1;
        this.retry = setTimeout(() => this.open(), Math.min(30_000, 1000 * 2 ** Math.min(this.attempts, 5)));
      }
    };
  }

  private close() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setLive(false);
  }
}

const staffSocket = new StaffSocket();

/** Calls `handler` for every support event while mounted; answers whether the socket is live. */
export function useStaffEvents(handler: Listener, enabled = true): boolean {
  const latest = useRef(handler);
  latest.current = handler;
  const [live, setLive] = useState(staffSocket.live);
  useEffect(() => {
    if (!enabled) return undefined;
    const stopStatus = staffSocket.onStatus(setLive);
    const stop = staffSocket.subscribe((event) => latest.current(event));
    return () => {
      stop();
      stopStatus();
    };
  }, [enabled]);
  return live;
}
