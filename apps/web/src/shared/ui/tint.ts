import './tint.css';

/** The accent families an icon chip may take, each a pair of theme tokens (tint.css). */
export type Tint = 'brand' | 'green' | 'amber' | 'red' | 'indigo' | 'pink' | 'cyan' | 'neutral';

/** An icon on its accent's soft wash. */
export const tintClass = (tint: Tint): string => `k-tint--${tint}`;

/** Ink on the accent itself (a currency's letters on a filled circle). */
export const fillClass = (tint: Tint): string => `k-fill--${tint}`;
