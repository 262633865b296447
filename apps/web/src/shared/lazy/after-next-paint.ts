import { useEffect, useState } from 'react';

/**
 * Resolves once the browser has painted the frame being prepared now: for heavy code a screen can draw
 * without (a chart library), so its download and start-up come after the screen's first paint instead
 * of delaying it. Without requestAnimationFrame (tests) it resolves on the next task.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const nextTask = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(nextTask);
    else nextTask();
  });
}

/**
 * False on a component's first render, true once that render has been painted: for parts below the
 * fold (and their code and data) that should not hold up the screen's first paint on a slow phone.
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return undefined;
    let active = true;
    void afterNextPaint().then(() => {
      if (active) setPainted(true);
    });
    return () => {
      active = false;
    };
  }, [painted]);
  return painted;
}
