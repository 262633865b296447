import type { ReactNode } from 'react';

/**
 * A sheet's title: what the sheet is ("Follow", "Copies") on a small line, and the trader's name under
 * it on its own, in its own direction, ending in an ellipsis when long. Inside one sentence a Latin name
 * in an Arabic title would lose its beginning to the ellipsis instead of its end.
 */
export function SheetTitle({ kicker, name }: { kicker: ReactNode; name: string }) {
  return (
    <span className="ct-sheet__titles">
      <span className="ct-sheet__kicker">{kicker}</span>
      <span className="ct-sheet__title" dir="auto">
        {name}
      </span>
    </span>
  );
}
