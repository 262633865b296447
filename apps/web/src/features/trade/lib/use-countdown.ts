import { useEffect, useState } from 'react';
import { remainingMs, type ServerClock } from './fast-trade';

/** How often a running countdown re-renders: often enough that the seconds never skip. */
const TICK_MS = 250;

/** Milliseconds left until `expiryTime` on the server's clock, re-rendering while it runs. */
export function useCountdown(expiryTime: number, clock: ServerClock, running: boolean): number {
  const [left, setLeft] = useState(() => remainingMs(expiryTime, clock));
  useEffect(() => {
    setLeft(remainingMs(expiryTime, clock));
    if (!running) return undefined;
    const timer = setInterval(() => {
      const next = remainingMs(expiryTime, clock);
      setLeft(next);
      if (next <= 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [expiryTime, clock, running]);
  return left;
}
