/** A long hex string shortened for reading, "3f2a9c01…77be10d4"; the copy button copies it whole. */
export function shortHash(hex: string): string {
  return hex.length <= 20 ? hex : `${hex.slice(0, 8)}…${hex.slice(-8)}`;
}
