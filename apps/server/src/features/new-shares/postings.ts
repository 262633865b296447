/** The domain's moves (an account role and an amount) as ledger postings, all in the offer's currency. */
export function postingsOf<Role extends string>(
  moves: readonly { role: Role; amount: bigint }[],
  accounts: Record<Role, number>,
  currencyId: number,
): { accountId: number; currencyId: number; amount: bigint }[] {
  return moves.map((move) => ({ accountId: accounts[move.role], currencyId, amount: move.amount }));
}
