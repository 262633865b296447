/** A broken rule of the ledger itself: a bug, never a customer's mistake, so it is not translated. */
export class LedgerInvariantError extends Error {}

/** A debit would take an account below zero. Callers turn it into the refusal that fits their feature. */
export class InsufficientBalanceError extends Error {
  constructor(readonly accountId: number) {
    super(`insufficient balance on ledger account ${accountId}`);
  }
}
