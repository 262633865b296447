import { useTranslation } from 'react-i18next';
import type { CopyOrder } from '../api/relation-orders';

/**
 * Why a copy was not opened, in the customer's language: the server names it with an `error.*` key and
 * its params (the same words a refusal of the customer's own order would use).
 */
export function useSkipReason(): (order: Pick<CopyOrder, 'skipMsg' | 'skipParams'>) => string | null {
  const { t } = useTranslation();
  return (order) => (order.skipMsg ? t(order.skipMsg, order.skipParams ?? {}) : null);
}
