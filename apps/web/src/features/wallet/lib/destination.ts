/**
 * A withdrawal's destination as it was requested, masked by the display switches: a wallet address,
 * or the snapshot "<bank name> <card number>" whose last word is the number.
 */
export function maskedDestination(
  withdrawal: { destinationKind: string; destination: string },
  mask: { bankCard: (number: string) => string; walletAddress: (address: string) => string },
): string {
  if (withdrawal.destinationKind === 'bank_card') {
    const parts = withdrawal.destination.trim().split(/\s+/);
    const number = parts.pop() ?? '';
    return [...parts, mask.bankCard(number)].join(' ');
  }
  return mask.walletAddress(withdrawal.destination);
}
