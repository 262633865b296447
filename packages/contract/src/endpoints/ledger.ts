import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString, recordId } from './shapes';

/** The ledger entry a posting belongs to: why, about what, by whom and at which tick money moved. */
export const ledgerEntry = z.object({
  entryId: z.number().int(),
  time: z.number().int(),
  /** Why money moved, e.g. `deposit.confirmed`; the app translates `reason.<reasonCode>`. */
  reasonCode: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  /** customer, system or operator: who made it happen. */
  actorType: z.string(),
  actorId: z.string(),
  memo: z.string(),
  /** The price tick that decided the amount, where one did. */
  tickId: z.string().nullable(),
  tickSource: z.string().nullable(),
});

/** One line of the customer's own statement: a posting to one of their accounts and the entry it belongs to. */
export const statementLine = ledgerEntry.extend({
  currencyId: z.number().int(),
  currencyName: z.string(),
  /** available, frozen or margin. */
  kind: z.string(),
  /** Signed: positive credits the account. */
  amount: decimalString,
  balanceAfter: decimalString,
  /** The entry's hash, so a customer can quote it and an auditor can find it in the chain. */
  hash: z.string(),
});

export const statement = defineEndpoint({
  method: 'GET',
  path: '/api/userAccountRecord/list',
  summary:
    "The customer's ledger statement, newest first: every entry, its reason, reference, actor and running balance",
  tag: 'money',
  auth: 'user',
  query: pageQuery.extend({
    // Bounded like every id: past 2^31-1 PostgreSQL refused the whole query (an HTTP 500, issue 18).
    currencyId: recordId.optional(),
    kind: z.enum(['available', 'frozen', 'margin']).optional(),
  }),
  answer: { kind: 'rows', schema: statementLine },
});
