import { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';

/** Buy in the rise colour, sell in the fall colour (the customer's rise/fall preference decides which). */
export function SideLabel({ direction }: { direction: number }) {
  const { t } = useTranslation();
  const buy = direction === bibi.ORDER_DIRECTION.buy;
  return (
    <span className={`bibi-side ${buy ? 'bibi-side--buy' : 'bibi-side--sell'}`}>
      {buy ? t('bibi.buy') : t('bibi.sell')}
    </span>
  );
}
