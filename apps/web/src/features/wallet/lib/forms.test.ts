import { LOCALE_PACKS, LANGUAGE_CODES } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { cardFormProblems, initialCardValues } from './bank-card-form';
import { channelsFor } from './channels';
import { maskedDestination } from './destination';
import { passwordProblems } from './passwords';
import { KNOWN_REASONS, KNOWN_REFERENCE_TYPES, REASON_FALLBACK_KEY, reasonKey, referenceKey } from './reasons';

const properties = [
  { propertyName: 'bankName', labelKey: 'bank.name', isRequired: 1 },
  { propertyName: 'bankNo', labelKey: 'bank.number', isRequired: 0 },
  { propertyName: 'swift', labelKey: 'bank.swift', isRequired: 0 },
];

describe('bank card form', () => {
  it('requires the marked fields and always the card number (8-30 digits, spaces ignored)', () => {
    expect(cardFormProblems(properties, { bankName: '', bankNo: '', swift: '' })).toEqual({
      bankName: { key: 'error.required', params: { field: 'bankName' } },
      bankNo: { key: 'error.required', params: { field: 'bankNo' } },
      swift: null,
    });
    expect(cardFormProblems(properties, { bankName: 'B', bankNo: '1234 567', swift: '' }).bankNo).toEqual({
      key: 'error.bank_card_number_invalid',
    });
    expect(cardFormProblems(properties, { bankName: 'B', bankNo: '6222 0212 3456 7890', swift: '' }).bankNo).toBeNull();
  });

  it('never prefills a masked number when editing', () => {
    expect(initialCardValues(properties, { bankName: 'B', bankNo: '6222********7890', swift: 'X' })).toEqual({
      bankName: 'B',
      bankNo: '',
      swift: 'X',
    });
    expect(initialCardValues(properties, { bankName: 'B', bankNo: '6222021234567890' }).bankNo).toBe(
      '6222021234567890',
    );
    expect(initialCardValues(properties, undefined)).toEqual({ bankName: '', bankNo: '', swift: '' });
  });
});

describe('password pairs', () => {
  it('checks the rule, the repeat and that something changes', () => {
    expect(passwordProblems('', 'abc', 'abd')).toEqual({
      current: 'error.required',
      next: 'error.password_rule',
      confirm: 'auth.passwords_differ',
    });
    expect(passwordProblems('Secret123', 'Secret123', 'Secret123').next).toBe('error.same_password');
    expect(passwordProblems('Secret123', 'Better456', 'Better456')).toEqual({
      current: null,
      next: null,
      confirm: null,
    });
  });
});

describe('deposit channels by account', () => {
  it('demo accounts see only the demo channel; real accounts never see it', () => {
    const channels = [
      { id: 1, demoOnly: 0 },
      { id: 4, demoOnly: 1 },
    ];
    expect(channelsFor(channels, true).map((channel) => channel.id)).toEqual([4]);
    expect(channelsFor(channels, false).map((channel) => channel.id)).toEqual([1]);
  });
});

describe('withdrawal destinations are masked', () => {
  const mask = {
    bankCard: (number: string) => `#${number.slice(-4)}`,
    walletAddress: (address: string) => `@${address.slice(0, 4)}`,
  };
  it('masks the number of a bank snapshot and a wallet address', () => {
    expect(maskedDestination({ destinationKind: 'bank_card', destination: 'First Bank 6222021234567890' }, mask)).toBe(
      'First Bank #7890',
    );
    expect(maskedDestination({ destinationKind: 'wallet_address', destination: 'TXYZabcdef' }, mask)).toBe('@TXYZ');
  });
});

describe('statement reasons', () => {
  it.each(LANGUAGE_CODES)('every known reason, reference and bank field has a text in %s', (code) => {
    const pack = LOCALE_PACKS[code];
    for (const reason of KNOWN_REASONS) expect(pack[`reason.${reason}`], reason).toBeTruthy();
    for (const type of KNOWN_REFERENCE_TYPES) expect(pack[`wallet.ref_${type}`], type).toBeTruthy();
    expect(pack[REASON_FALLBACK_KEY]).toBeTruthy();
    for (const key of [
      'bank.name',
      'bank.number',
      'bank.holder',
      'bank.branch',
      'bank.phone',
      'bank.country',
      'bank.swift',
      'bank.aba',
      'bank.post_code',
      'bank.address',
      'bank.account_type',
    ]) {
      expect(pack[key], key).toBeTruthy();
    }
  });

  it('falls back to the generic reason for a code it does not know', () => {
    const has = (key: string) => key in LOCALE_PACKS.en;
    expect(reasonKey('deposit.confirmed', has)).toBe('reason.deposit.confirmed');
    expect(reasonKey('loan.interest', has)).toBe('reason.other');
    expect(referenceKey('deposit')).toBe('wallet.ref_deposit');
    expect(referenceKey('mystery')).toBeNull();
  });
});
