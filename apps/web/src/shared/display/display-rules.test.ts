import { describe, expect, it } from 'vitest';
import type { SwitchRow } from '../page-config/switch-set';
import { displayRulesOf, formatWithRules, NO_VALUE } from './display-rules';
import { directionBetween, directionOfChange } from './direction';
import { productDisplayCode, productDisplayName } from './product-name';

const on = (switchKey: string): SwitchRow => ({ id: 1, switchName: switchKey, switchKey, status: 1, remark: '' });
const off = (switchKey: string): SwitchRow => ({ ...on(switchKey), status: 0 });

describe('display rules from switches (by switchKey) and otherValue', () => {
  it('defaults: thousands on, 2 decimals, masked cards and addresses, green up', () => {
    expect(displayRulesOf([], {})).toEqual({
      thousands: true,
      amountDecimals: 2,
      bankCardUnmasked: false,
      walletAddressUnmasked: false,
      redUp: false,
    });
  });

  it('follows each switch when it is on', () => {
    const switches = [
      on('amount_thousands_disabled'),
      on('bank_card_unmasked'),
      on('wallet_address_unmasked'),
      on('red_up'),
    ];
    expect(displayRulesOf(switches, { app_decimal_no: '4' })).toEqual({
      thousands: false,
      amountDecimals: 4,
      bankCardUnmasked: true,
      walletAddressUnmasked: true,
      redUp: true,
    });
    expect(displayRulesOf([off('red_up')], {}).redUp).toBe(false);
  });

  it('ignores a nonsensical app_decimal_no', () => {
    expect(displayRulesOf([], { app_decimal_no: 'x' }).amountDecimals).toBe(2);
    expect(displayRulesOf([], { app_decimal_no: '-1' }).amountDecimals).toBe(2);
  });

  it('formats with the domain rules: cut, padded, grouped; price decimals override', () => {
    const rules = displayRulesOf([], {});
    expect(formatWithRules('1234567.899', rules)).toBe('1,234,567.89');
    expect(formatWithRules('105017.05', rules, 4)).toBe('105,017.0500');
    expect(formatWithRules('1234.5', displayRulesOf([on('amount_thousands_disabled')], {}))).toBe('1234.50');
    expect(formatWithRules(undefined, rules)).toBe(NO_VALUE);
    expect(formatWithRules('1e5', rules)).toBe(NO_VALUE);
  });
});

describe('directions', () => {
  it('reads the sign of a change', () => {
    expect(directionOfChange('0.53')).toBe('rise');
    expect(directionOfChange('-0.01')).toBe('fall');
    expect(directionOfChange('0.00')).toBe('flat');
    expect(directionOfChange('-0')).toBe('flat');
    expect(directionOfChange(undefined)).toBe('flat');
  });

  it('compares decimal strings exactly, whatever their scales', () => {
    expect(directionBetween('105017.05', '105017.06')).toBe('rise');
    expect(directionBetween('1.10', '1.1')).toBe('flat');
    expect(directionBetween('0.30000000000000004', '0.3')).toBe('fall');
    expect(directionBetween('x', '1')).toBe('flat');
  });
});

describe('product names and codes', () => {
  it('uses the row translation, then the default name', () => {
    const product = { productName: 'Bitcoin', productNameLang: { zh: '比特币' } };
    expect(productDisplayName(product, 'zh')).toBe('比特币');
    expect(productDisplayName(product, 'de')).toBe('Bitcoin');
  });

  it('shows provider codes as pairs', () => {
    expect(productDisplayCode('X:BTCUSD')).toBe('BTC/USD');
    expect(productDisplayCode('C:EURJPY')).toBe('EUR/JPY');
    expect(productDisplayCode('AAPL')).toBe('AAPL');
    expect(productDisplayCode('ESZ6')).toBe('ESZ6');
  });
});
