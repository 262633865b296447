import { isRequestError } from '../../../shared/api/request-error';

/**
 * Which field of a money form a server refusal concerns. The error envelope has no field name, so each
 * form names its fields by the refusal's key (and, for `error.required`, the `field` param the server
 * gives: the body property). A refusal no field owns (a closed channel, a limit on cards) stays a toast.
 */
export type RefusalParams = Record<string, string | number> | undefined;
export type FieldOfRefusal<Field extends string> = (key: string, params: RefusalParams) => Field | null;

export interface FieldRefusal<Field extends string> {
  field: Field;
  key: string;
  params: RefusalParams;
}

/** The refusal a failed call carried, when the form owns a field for it; null otherwise. */
export function fieldRefusalOf<Field extends string>(
  error: unknown,
  fieldOf: FieldOfRefusal<Field>,
): FieldRefusal<Field> | null {
  if (!isRequestError(error) || error.kind !== 'code' || error.quiet) return null;
  const field = fieldOf(error.message, error.params);
  return field === null ? null : { field, key: error.message, params: error.params };
}

/** For the request layer (showsRefusal): whether the form shows this refusal under a field. */
export function showsUnderField<Field extends string>(fieldOf: FieldOfRefusal<Field>) {
  return (key: string, params: RefusalParams): boolean => fieldOf(key, params) !== null;
}

/** `error.required` names the body property it misses; other keys name their field by a pattern. */
function byRules<Field extends string>(
  required: Readonly<Record<string, Field>>,
  patterns: readonly (readonly [RegExp, Field])[],
): FieldOfRefusal<Field> {
  return (key, params) => {
    if (key === 'error.required') {
      const property = params?.field;
      return typeof property === 'string' ? (required[property] ?? null) : null;
    }
    return patterns.find(([pattern]) => pattern.test(key))?.[1] ?? null;
  };
}

/** Withdraw (outMoney): the amount, the destination (card or address), the withdrawal password. */
export const withdrawFieldOf = byRules<'amount' | 'destination' | 'password'>(
  { withdrawAmount: 'amount', withdrawAddressId: 'destination', withPwd: 'password' },
  [
    [/^error\.withdraw_password_wrong$/, 'password'],
    [/^error\.(withdraw_destination_not_found|bank_card_not_found|wallet_address_not_found)$/, 'destination'],
    [/^error\.(amount_|insufficient_balance$|withdraw_fee_exceeds_amount$|withdraw_daily_limit$)/, 'amount'],
  ],
);

/** Exchange (balanceConvert): the amount is the one thing the customer typed. */
export const exchangeFieldOf = byRules<'amount'>({ transAmount: 'amount' }, [
  [/^error\.(amount_|insufficient_balance$|exchange_(amount_|above_maximum$|below_minimum$))/, 'amount'],
]);

/** Deposit (inMoney): the amount and the payment proof. */
export const depositFieldOf = byRules<'amount' | 'proof'>({ rechargeAmount: 'amount', rechargeImg: 'proof' }, [
  [/^error\.amount_/, 'amount'],
  [/^error\.proof_image_/, 'proof'],
]);

/** Bind bank card: `error.required` names the configured property; the number has its own checks. */
export function bankCardFieldOf(key: string, params: RefusalParams): string | null {
  if (key === 'error.required') return typeof params?.field === 'string' ? params.field : null;
  if (key === 'error.bank_card_number_invalid' || key === 'error.bank_card_duplicate') return 'bankNo';
  return null;
}

/** Bind wallet address: the address, and its network. */
export const addressFieldOf = byRules<'address' | 'network'>(
  { walletAddress: 'address', walletAddressType: 'network' },
  [
    [/^error\.wallet_address_(invalid|duplicate)$/, 'address'],
    [/^error\.wallet_address_type_invalid$/, 'network'],
  ],
);
