import type { bibi } from '@kestrel/contract/web';
import { useCancelOrder } from '../use-cancel-order';
import { OrderRow, type PairScales } from './OrderRow';

/**
 * Orders as rows, each open one with its cancel (only the row on its way spins); a tap on a row opens
 * that order (`onOpen`: its fills). The exchange screen's open orders and the orders screen.
 */
export function OrderList({
  rows,
  scalesOf,
  onOpen,
  className,
  testId,
}: {
  rows: readonly bibi.BibiOrder[];
  scalesOf: (order: bibi.BibiOrder) => PairScales | undefined;
  onOpen: (order: bibi.BibiOrder) => void;
  className: string;
  testId: string;
}) {
  const { cancelling, cancelOrder } = useCancelOrder();
  return (
    <ul className={className} data-testid={testId}>
      {rows.map((order) => (
        <OrderRow
          key={order.id}
          order={order}
          scales={scalesOf(order)}
          onOpen={onOpen}
          onCancel={(row) => void cancelOrder(row)}
          cancelling={cancelling === order.id}
        />
      ))}
    </ul>
  );
}
