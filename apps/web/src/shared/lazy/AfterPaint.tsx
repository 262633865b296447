import type { ReactNode } from 'react';
import { usePaintedOnce } from './after-next-paint';

/**
 * Draws `placeholder` when it first mounts and `children` once that has painted: for a part below the
 * fold whose code and data should not hold up the paint of what is above it.
 */
export function AfterPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return <>{usePaintedOnce() ? children : placeholder}</>;
}
