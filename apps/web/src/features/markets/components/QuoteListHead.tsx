import { useTranslation } from 'react-i18next';

/** Column labels above a quote list: name, last price, change. */
export function QuoteListHead({ withStar = false }: { withStar?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`quote-list-head${withStar ? ' quote-list-head--star' : ''}`} aria-hidden="true">
      <span className="quote-list-head__name">{t('market.name')}</span>
      <span className="quote-list-head__price">{t('market.price')}</span>
      <span className="quote-list-head__change">{t('market.change')}</span>
    </div>
  );
}
