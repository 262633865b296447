import { isRequestError } from '../api/request-error';

export type OrderField = 'amount' | 'leverage' | 'takeProfit' | 'stopLoss' | 'form';

/**
 * Which field a refusal is about, from its language key: the form shows it under that field and keeps
 * what the customer typed. The request layer has already shown the translated message as a toast.
 */
export function refusalField(key: string): OrderField {
  if (/take_?profit|stop_?profit|\btp\b/.test(key)) return 'takeProfit';
  if (/stop_?loss|\bsl\b/.test(key)) return 'stopLoss';
  if (/lever/.test(key)) return 'leverage';
  if (/amount|margin|quantity|balance|stake|notional|order_too_small/.test(key)) return 'amount';
  return 'form';
}

/** The refusal carried by a failed call (code 500 with a key), or null for any other failure. */
export function refusalOf(error: unknown): { key: string; params: Record<string, string | number> | undefined } | null {
  if (!isRequestError(error) || error.kind !== 'code') return null;
  return { key: error.message, params: error.params };
}
