import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';

/** A whole count (lots, shares, subscribers) with the thousands rule, no decimals. */
export function useCountText(): (count: number | null | undefined) => string {
  const rules = useDisplayRules();
  return useCallback(
    (count) =>
      count === null || count === undefined || !Number.isFinite(count)
        ? '--'
        : formatWithRules(String(Math.trunc(count)), rules, 0),
    [rules],
  );
}

/** "1 lot" / "3 lots", "1 share" / "300 shares", "1 day" / "3 days": the count with its noun, singular at one. */
export function useQuantityText() {
  const { t } = useTranslation();
  const count = useCountText();
  return useMemo(
    () => ({
      lots: (n: number) => t(n === 1 ? 'invest.new_shares.lot_one' : 'invest.new_shares.lots_count', { n: count(n) }),
      shares: (n: number) =>
        t(n === 1 ? 'invest.new_shares.share_one' : 'invest.new_shares.shares_count', { n: count(n) }),
      days: (n: number) => t(n === 1 ? 'invest.common.day_one' : 'invest.common.days_count', { n: count(n) }),
    }),
    [t, count],
  );
}
