import { useEffect, useRef, useState } from 'react';
import { directionBetween } from '../display/direction';

/**
 * A class that pulses the background when a price changes: rise or fall colour by direction. Two
 * alternating names restart the CSS animation on every change without remounting the element.
 */
export function usePriceFlash(value: string | null | undefined, enabled: boolean): string {
  const previous = useRef(value);
  const [flash, setFlash] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (!enabled || !before || !value || before === value) return;
    const direction = directionBetween(before, value);
    if (direction === 'flat') return;
    setFlash((current) => `flash-${direction}-${current.endsWith('-a') ? 'b' : 'a'}`);
  }, [value, enabled]);
  return flash;
}
