/** The trade tab's forms, by SPEC §3 position type: 1 contract, 2 spot, 0 fast (3 coin-to-coin has its own screen). */
export type TradeMode = 'contract' | 'spot' | 'fast';

const MODE_OF_TYPE: Record<string, TradeMode> = { '1': 'contract', '2': 'spot', '0': 'fast' };
const ORDER: readonly TradeMode[] = ['contract', 'spot', 'fast'];

/** The forms a product offers (its "/"-separated position types), in a fixed order, and whether it trades coin-to-coin. */
export function modesOf(positionTypes: string | null | undefined): { modes: TradeMode[]; coinToCoin: boolean } {
  const types = new Set(
    (positionTypes ?? '')
      .split('/')
      .map((type) => type.trim())
      .filter(Boolean),
  );
  const offered = new Set([...types].map((type) => MODE_OF_TYPE[type]).filter((mode): mode is TradeMode => !!mode));
  return { modes: ORDER.filter((mode) => offered.has(mode)), coinToCoin: types.has('3') };
}

/** The mode to show: the one chosen before when this product offers it, else its first. */
export function pickMode(chosen: TradeMode | null, modes: readonly TradeMode[]): TradeMode | null {
  return chosen && modes.includes(chosen) ? chosen : (modes[0] ?? null);
}
