// Endpoints of the platform's own funded accounts: features/treasury (issue 13). Exported as `treasury`.
//
// Yield and loans are paid from funded platform accounts, never created from nothing:
// `staking_reserve` pays staking yield, `loan_book` lends. Both are funded from `platform_capital`
// (the platform's own money, negative by design: what it has put in) by one ledger entry with the
// operator as actor and the reason as memo. Neither can go below zero.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint } from '../endpoint';
import { amountText, auditReason, decimalString, recordId } from './shapes';

/** The funded platform accounts an operator may top up. */
export const FUNDED_ACCOUNTS = ['staking_reserve', 'loan_book', 'reward_budget'] as const;
export type FundedAccount = (typeof FUNDED_ACCOUNTS)[number];

export const fundedAccountRecord = z.object({
  account: z.enum(FUNDED_ACCOUNTS),
  currencyId: z.number().int(),
  currencyName: z.string(),
  /** real or demo. */
  book: z.string(),
  balance: decimalString,
  /** What is already promised out of it (staking: yield still to pay to active orders; loan_book: 0). */
  committed: decimalString,
  /** balance - committed. */
  uncommitted: decimalString,
});
export type FundedAccountRecord = z.infer<typeof fundedAccountRecord>;

export const operatorFundedAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/fundedAccounts/list',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'The staking reserve and the loan book per currency and book: balance, committed, uncommitted (every role)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'data', schema: z.array(fundedAccountRecord) },
});

export const operatorFundAccount = defineEndpoint({
  method: 'POST',
  path: '/api/operator/fundedAccounts/fund',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Move platform capital into the staking reserve or the loan book: one ledger entry with the operator as actor and the reason as memo (finance or admin)',
  tag: 'operator',
  auth: 'user',
  idempotent: true,
  body: z.object({
    account: z.enum(FUNDED_ACCOUNTS),
    currencyId: recordId,
    amount: amountText,
    book: z.enum(['real', 'demo']).default('real'),
    reason: auditReason,
  }),
  answer: { kind: 'data', schema: fundedAccountRecord },
});
