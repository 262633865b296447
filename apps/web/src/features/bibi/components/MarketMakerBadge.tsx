import { useTranslation } from 'react-i18next';

/** The platform's market maker quotes or traded here (the contract's `marketMaker` flag). */
export function MarketMakerBadge() {
  const { t } = useTranslation();
  return (
    <span className="bibi-mm" title={t('bibi.market_maker')} aria-label={t('bibi.market_maker')} data-testid="mm-badge">
      {t('bibi.market_maker_short')}
    </span>
  );
}
