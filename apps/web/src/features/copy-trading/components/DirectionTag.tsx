import { useTranslation } from 'react-i18next';

/** Long (rise colour) or short (fall colour) and the leverage, "Long 20x", as the trader opened it. */
export function DirectionTag({ direction, leverage }: { direction: number; leverage: number }) {
  const { t } = useTranslation();
  const long = direction === 0;
  return (
    <span className={`ct-direction ${long ? 'ct-direction--rise' : 'ct-direction--fall'}`} data-testid="copy-direction">
      {t(long ? 'copy.long' : 'copy.short')}
      <span className="numeric" dir="ltr">{` ${leverage}x`}</span>
    </span>
  );
}
