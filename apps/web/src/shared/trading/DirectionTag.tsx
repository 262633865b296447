import { useTranslation } from 'react-i18next';

/** Long (rise colour) or short (fall colour), with the leverage: "Long 20x". */
export function DirectionTag({ direction, leverage }: { direction: number; leverage?: number }) {
  const { t } = useTranslation();
  const long = direction === 0;
  return (
    <span className={`tr-tag ${long ? 'tr-tag--rise' : 'tr-tag--fall'}`} data-testid="position-direction">
      {long ? t('trading.long') : t('trading.short')}
      {leverage ? <span className="tr-tag__lever numeric">{` ${leverage}x`}</span> : null}
    </span>
  );
}

export function DemoTag() {
  const { t } = useTranslation();
  return (
    <span className="tr-tag tr-tag--demo" data-testid="demo-tag">
      {t('common.demo')}
    </span>
  );
}
