import { CONSTANTS } from '@kestrel/contract/web';
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (SPEC §9 debounce default: 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = CONSTANTS.debounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
