import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../shared/api/request-error';
import {
  addressFieldOf,
  bankCardFieldOf,
  exchangeFieldOf,
  fieldRefusalOf,
  showsUnderField,
  withdrawFieldOf,
} from './field-refusals';

const refused = (msg: string, params?: Record<string, string | number>, quiet = false) =>
  new RequestError({ kind: 'code', code: 500, msg, params, quiet });

describe('money form refusals under their field', () => {
  it('puts a withdrawal refusal under the field it concerns', () => {
    expect(fieldRefusalOf(refused('error.withdraw_password_wrong', { left: 2 }), withdrawFieldOf)).toEqual({
      field: 'password',
      key: 'error.withdraw_password_wrong',
      params: { left: 2 },
    });
    expect(withdrawFieldOf('error.amount_below_minimum', { minimum: '10' })).toBe('amount');
    expect(withdrawFieldOf('error.insufficient_balance', undefined)).toBe('amount');
    expect(withdrawFieldOf('error.withdraw_destination_not_found', undefined)).toBe('destination');
    expect(withdrawFieldOf('error.required', { field: 'withPwd' })).toBe('password');
  });

  it('leaves a refusal no field owns to the toast', () => {
    expect(withdrawFieldOf('error.withdraw_channel_closed', { hours: '09:00-17:00' })).toBeNull();
    expect(withdrawFieldOf('error.required', { field: 'somethingElse' })).toBeNull();
    expect(showsUnderField(withdrawFieldOf)('error.withdraw_locked', undefined)).toBe(false);
    expect(showsUnderField(withdrawFieldOf)('error.withdraw_password_wrong', undefined)).toBe(true);
  });

  it('ignores failures the request layer already told the customer about, and other kinds', () => {
    expect(fieldRefusalOf(refused('error.withdraw_password_wrong', undefined, true), withdrawFieldOf)).toBeNull();
    expect(fieldRefusalOf(new Error('boom'), withdrawFieldOf)).toBeNull();
    expect(
      fieldRefusalOf(new RequestError({ kind: 'transport', msg: 'request.timeout', quiet: false }), withdrawFieldOf),
    ).toBeNull();
  });

  it('names the bank card property the server says is missing, and the address fields', () => {
    expect(bankCardFieldOf('error.required', { field: 'bankName' })).toBe('bankName');
    expect(bankCardFieldOf('error.bank_card_number_invalid', undefined)).toBe('bankNo');
    expect(bankCardFieldOf('error.bank_card_limit', { max: 5 })).toBeNull();
    expect(addressFieldOf('error.wallet_address_invalid', undefined)).toBe('address');
    expect(addressFieldOf('error.wallet_address_type_invalid', undefined)).toBe('network');
    expect(exchangeFieldOf('error.exchange_below_minimum', { minimum: '10' })).toBe('amount');
    expect(exchangeFieldOf('error.exchange_pair_unknown', undefined)).toBeNull();
  });
});
