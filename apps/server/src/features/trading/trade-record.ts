import type { Book } from '@kestrel/contract';
import { bookColumn, type Row } from '../../core/columns';

/**
 * What a contract position and a spot order both carry: who holds it, in which book, and the
 * product with the scales it was traded at (copied onto the row so a later settings change does not
 * reprice it).
 */
export interface TradeRecordProduct {
  id: number;
  userId: number;
  book: Book;
  productCode: string;
  productType: number;
  currencyId: number;
  moneyScale: number;
  priceScale: number;
  quantityScale: number;
  contractSize: string;
}

/** The columns behind TradeRecordProduct, the same names in contract_position and spot_order. */
export const TRADE_PRODUCT_COLUMNS = [
  'id',
  'user_id',
  'book',
  'product_code',
  'product_type',
  'currency_id',
  'money_scale',
  'price_scale',
  'quantity_scale',
  'contract_size',
] as const;

export function tradeProductOf(row: Row): TradeRecordProduct {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    book: bookColumn(row.book),
    productCode: String(row.product_code),
    productType: Number(row.product_type),
    currencyId: Number(row.currency_id),
    moneyScale: Number(row.money_scale),
    priceScale: Number(row.price_scale),
    quantityScale: Number(row.quantity_scale),
    contractSize: String(row.contract_size),
  };
}

/** The product part of a new row, as insertInto writes it. */
export function tradeProductValues(record: Omit<TradeRecordProduct, 'id'>) {
  return {
    user_id: record.userId,
    book: record.book,
    product_code: record.productCode,
    product_type: record.productType,
    currency_id: record.currencyId,
    money_scale: record.moneyScale,
    price_scale: record.priceScale,
    quantity_scale: record.quantityScale,
    contract_size: record.contractSize,
  };
}
