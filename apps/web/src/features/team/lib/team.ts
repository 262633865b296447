/**
 * The team screen's pure parts: its tabs, the published rates as customers read them, and the words for
 * the fee a commission came from.
 */
import { team } from '@kestrel/contract/web';
import { fractionAsPercent } from '../../../shared/trading/decimals';

export type TeamTab = 'level1' | 'level2' | 'commissions';

/** The three lists under the figures: each level's members, then the commissions. */
export const TEAM_TABS: readonly { id: TeamTab; level: 1 | 2 | null }[] = [
  { id: 'level1', level: 1 },
  { id: 'level2', level: 2 },
  { id: 'commissions', level: null },
];

export function teamTabOf(value: string | null): TeamTab {
  return TEAM_TABS.find((tab) => tab.id === value)?.id ?? 'level1';
}

/** A fraction of the wire as a percentage, exactly: "0.20" reads "20%", "0.125" reads "12.5%". */
export function ratePercent(rate: string | null | undefined): string {
  const percent = fractionAsPercent(rate);
  return percent === null ? '--' : `${percent}%`;
}

/**
 * The published rate of each level, level 1 first, as percentages. The server's answer names them; a
 * level it leaves out reads the contract's published rate.
 */
export function levelRates(rates: readonly string[] | undefined): { level: number; percent: string }[] {
  return team.TEAM_LEVELS.map((level, index) => ({
    level,
    percent: ratePercent(rates?.[index] ?? team.REFERRAL_COMMISSION_RATES[index]),
  }));
}

export const REASON_FALLBACK_KEY = 'reason.other';

/** The words for a fee's reason code (`reason.contract.open`), or the generic "Other" for a code without them. */
export function feeReasonKey(code: string, hasKey: (key: string) => boolean): string {
  const key = `reason.${code}`;
  return code !== '' && hasKey(key) ? key : REASON_FALLBACK_KEY;
}
