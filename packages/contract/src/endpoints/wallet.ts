// Endpoints of features/wallet (issue 'Money core'). Exported from endpoints/index.ts.
import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString, recordId, userInfo } from './shapes';
import { currencyPair } from './launch';

const password = z.string().min(1).max(128);
/** Amounts stay text until the server parses them at the currency's scale (DESIGN.md §2). */
const amountText = z.string().trim().min(1).max(64);

export const MAX_BANK_CARDS = 10;
export const MAX_WALLET_ADDRESSES = 20;

export const updateUserWithPwd = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/updateUserWithPwd',
  summary:
    'Set or change the withdrawal password. The first time, oldPwd is the LOGIN password; afterwards the current withdrawal password. newPwd follows the password rule (8+ letters and digits with a letter) and must differ from the login password. Five wrong oldPwd lock changes for 24 h.',
  tag: 'money',
  auth: 'user',
  body: z.object({ oldPwd: password, newPwd: password }),
  answer: { kind: 'none' },
});

export const changeLoginModel = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/changeLoginModel',
  summary:
    'Enter the linked demo account (created the first time with 10,000 demo USDT) or, from it, return to the real account. Answers a new token for the other account; demo money never leaves the demo book.',
  tag: 'money',
  auth: 'user',
  answer: { kind: 'data', schema: z.object({ token: z.string(), userInfo }) },
});

export const balanceConvertRow = z.object({
  currencyId: z.number().int(),
  currencyName: z.string(),
  currencyImg: z.string(),
  /** Available balance. */
  userAmt: decimalString,
  /** (available + frozen + margin) x the currency's rate to USDT, rounded down to USDT's scale. */
  USDTValue: decimalString,
  marginAmount: decimalString,
  frozenAmount: decimalString,
  /** True when no rate to USDT is published: USDTValue is then "0", not a guess. */
  rateMissing: z.boolean(),
});

export const userBalanceConvert = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/userBalanceConvert',
  summary: 'Balances per currency with their value in USDT (the rates of currencyExchangeRate, rounded down)',
  tag: 'money',
  auth: 'user',
  answer: { kind: 'data', schema: z.array(balanceConvertRow) },
});

export const exchangeRecord = currencyPair.extend({
  /** The source amount, in the source currency. */
  transAmount: decimalString,
  rate: decimalString,
  /** transAmount x rate, rounded down to the target currency's scale. */
  convertedAmount: decimalString,
  feeRate: decimalString,
  /** convertedAmount x feeRate, rounded up. */
  feeAmount: decimalString,
  /** convertedAmount - feeAmount: what was credited. */
  receivedAmount: decimalString,
  createTime: z.number().int(),
});

export const balanceConvert = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/balanceConvert',
  summary:
    'Exchange between two currencies at the published rate: converted = amount x rate (rounded down), fee = converted x fee rate (rounded up). Per-pair minimum, maximum and daily count. Needs an Idempotency-Key header.',
  tag: 'money',
  auth: 'user',
  idempotent: true,
  body: z.object({ transAmount: amountText, currencyIdFrom: recordId, currencyIdTo: recordId }),
  answer: { kind: 'data', schema: exchangeRecord },
});

export const balanceConvertRecordList = defineEndpoint({
  method: 'GET',
  path: '/api/balanceConvertRecord/list',
  summary: 'My exchanges, newest first',
  tag: 'money',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: exchangeRecord },
});

const text = (max: number) => z.string().trim().max(max).optional();

/** The bank card form (API-FACTS). Which fields are required comes from bankPropertyConfig (configType 0). */
export const bankCardFields = z.object({
  bankName: text(100),
  bankNo: text(60),
  bankOpenAddress: text(200),
  holder: text(100),
  bankPhone: text(30),
  bankCountry: text(100),
  abaCode: text(30),
  swift: text(30),
  postCode: text(30),
  userRealAddress: text(200),
  accountType: z
    .union([z.string(), z.number().int().min(0).max(999)])
    .transform((value) => String(value).trim())
    .pipe(z.string().max(32))
    .optional(),
});

export const bankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked (SPEC §5) unless the bank_card_unmasked switch is on. */
  bankNo: z.string(),
  bankOpenAddress: z.string(),
  holder: z.string(),
  bankPhone: z.string(),
  bankCountry: z.string(),
  abaCode: z.string(),
  swift: z.string(),
  postCode: z.string(),
  userRealAddress: z.string(),
  accountType: z.string(),
  createTime: z.number().int(),
});

export const userBankList = defineEndpoint({
  method: 'GET',
  path: '/api/userBank/list',
  summary: `My bank cards (at most ${MAX_BANK_CARDS}), numbers masked`,
  tag: 'money',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: bankCard },
});

export const addUserBankCard = defineEndpoint({
  method: 'POST',
  path: '/api/userBank/addUserBankCard',
  summary: `Bind a bank card: bankNo is 8-30 digits (spaces ignored); required fields per bankPropertyConfig; at most ${MAX_BANK_CARDS}`,
  tag: 'money',
  auth: 'user',
  body: bankCardFields,
  bodyEncoding: 'json',
  answer: { kind: 'data', schema: bankCard },
});

export const updateUserBankCard = defineEndpoint({
  method: 'POST',
  path: '/api/userBank/updateUserBankCard',
  summary: 'Replace the fields of one of my bank cards (the same rules as adding)',
  tag: 'money',
  auth: 'user',
  body: bankCardFields.extend({ userBankId: recordId }),
  bodyEncoding: 'json',
  answer: { kind: 'data', schema: bankCard },
});

export const userDeleteBankCard = defineEndpoint({
  method: 'POST',
  path: '/api/userBank/userDeleteBankCard',
  summary: 'Remove one of my bank cards',
  tag: 'money',
  auth: 'user',
  body: z.object({ userBankId: recordId }),
  answer: { kind: 'none' },
});

export const walletAddress = z.object({
  id: z.number().int(),
  currencyId: z.number().int(),
  currencyName: z.string(),
  walletAddressType: z.string(),
  /** Masked (SPEC §5) unless the wallet_address_unmasked switch is on. */
  walletAddress: z.string(),
  createTime: z.number().int(),
});

const walletAddressFields = z.object({
  walletAddress: z.string().trim().min(1).max(100),
  currencyId: recordId,
  walletAddressType: z.string().trim().min(1).max(16),
});

export const userWalletAddressList = defineEndpoint({
  method: 'GET',
  path: '/api/userWalletAddress/list',
  summary: `My withdrawal addresses (at most ${MAX_WALLET_ADDRESSES}), masked`,
  tag: 'money',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: walletAddress },
});

export const addUserWalletAddress = defineEndpoint({
  method: 'POST',
  path: '/api/userWalletAddress/addUserWalletAddress',
  summary:
    "Save a withdrawal address: the type must be one of the currency's walletAddressType; the address is checked for that network (TRC20, ERC20, BTC)",
  tag: 'money',
  auth: 'user',
  body: walletAddressFields,
  bodyEncoding: 'json',
  answer: { kind: 'data', schema: walletAddress },
});

export const modifyUserWalletAddress = defineEndpoint({
  method: 'POST',
  path: '/api/userWalletAddress/modifyUserWalletAddress',
  summary:
    'Change one of my addresses. The old entry is removed and a new one (with a new id) is answered, so a withdrawal keeps the address it was requested to.',
  tag: 'money',
  auth: 'user',
  body: walletAddressFields.extend({ userWalletAddressId: recordId }),
  bodyEncoding: 'json',
  answer: { kind: 'data', schema: walletAddress },
});

export const deleteUserWalletAddress = defineEndpoint({
  method: 'POST',
  path: '/api/userWalletAddress/deleteUserWalletAddress',
  summary: 'Remove one of my withdrawal addresses',
  tag: 'money',
  auth: 'user',
  body: z.object({ userWalletAddressId: recordId }),
  answer: { kind: 'none' },
});
