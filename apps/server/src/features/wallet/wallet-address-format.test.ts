import { describe, expect, it } from 'vitest';
import { isValidWalletAddress } from './wallet-address-format';

describe('wallet address formats', () => {
  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
    ['ERC20', '0x0000000000000000000000000000000000000000'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    // BIP-173 and BIP-350 test vectors (mainnet).
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ])('accepts %s %s', (network, address) => {
    expect(isValidWalletAddress(network, address)).toBe(true);
  });

  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum'],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'too short'],
    ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address'],
    ['TRC20', 'T0000000000000000000000000000000000', 'not Base58'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec', '39 hex digits'],
    ['ERC20', 'dAC17F958D2ee523a2206206994597C13D831ec7aa', 'no 0x'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ecZ', 'not hex'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
    ['BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a TRON address'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdd', 'Bech32 checksum'],
    ['BTC', 'bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'mixed case'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    // BIP-350: a version 1 program with a Bech32 (not Bech32m) checksum, and version 0 with Bech32m.
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a Bech32 checksum'],
    ['BTC', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'v16 with a Bech32 checksum'],
    ['BTC', '', 'empty'],
    ['SOMETHING', 'short', 'unknown network, too short'],
  ])('refuses %s %s (%s)', (network, address) => {
    expect(isValidWalletAddress(network, address)).toBe(false);
  });
});
