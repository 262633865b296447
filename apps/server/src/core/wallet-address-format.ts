import { createHash } from 'node:crypto';

/**
 * Address checks per network. Beyond the shape, the checksums that the networks define are verified
 * where Node's crypto can (Base58Check for TRON and legacy Bitcoin, Bech32/Bech32m for SegWit), so a
 * mistyped character is caught here rather than after the money has left. ERC20's optional mixed-case
 * checksum (EIP-55) needs Keccak-256, which Node does not ship: only the shape is checked there.
 */
export function isValidWalletAddress(network: string, address: string): boolean {
  switch (network.toUpperCase()) {
    case 'TRC20':
      return isTronAddress(address);
    case 'ERC20':
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case 'BTC':
      return isBitcoinAddress(address);
    default:
      // A network an operator configured that this check does not know: a plain sanity check only.
      return /^[A-Za-z0-9]{8,100}$/.test(address);
  }
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 to bytes; undefined for a character outside the alphabet. */
function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const character of text) {
    const digit = BASE58_ALPHABET.indexOf(character);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const character of text) {
    if (character !== '1') break;
    bytes.unshift(0); // each leading '1' stands for a leading zero byte
  }
  return Uint8Array.from(bytes);
}

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** A 25-byte Base58Check payload (version byte + 20-byte hash + 4-byte checksum); the version byte, or undefined. */
function base58CheckVersion(text: string): number | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length !== 25) return undefined;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  if (!checksum.equals(Buffer.from(bytes.subarray(21)))) return undefined;
  return bytes[0];
}

/** TRON: 'T' + 33 Base58 characters, version byte 0x41. */
export function isTronAddress(address: string): boolean {
  return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58CheckVersion(address) === 0x41;
}

/** Bitcoin mainnet: P2PKH ('1', version 0), P2SH ('3', version 5), or SegWit ('bc1', BIP-173/350). */
export function isBitcoinAddress(address: string): boolean {
  if (/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
    const version = base58CheckVersion(address);
    return address.startsWith('1') ? version === 0x00 : version === 0x05;
  }
  return isSegwitAddress(address);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;

function bech32Polymod(values: readonly number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) checksum ^= generators[bit]!;
  }
  return checksum >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((character) => character.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

/** 5-bit groups to bytes; undefined when the padding is not zero bits of less than a group. */
function fromFiveBits(data: readonly number[]): number[] | undefined {
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const value of data) {
    accumulator = (accumulator << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
    accumulator &= (1 << bits) - 1;
  }
  if (bits >= 5 || accumulator !== 0) return undefined;
  return bytes;
}

/** BIP-173 (witness version 0, Bech32) and BIP-350 (versions 1-16, Bech32m), mainnet 'bc' only. */
export function isSegwitAddress(address: string): boolean {
  if (address.length < 14 || address.length > 90) return false;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false; // mixed case is invalid
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  const data: number[] = [];
  for (const character of lower.slice(3)) {
    const value = BECH32_CHARSET.indexOf(character);
    if (value < 0) return false;
    data.push(value);
  }
  if (data.length < 7) return false;
  const witnessVersion = data[0]!;
  if (witnessVersion > 16) return false;
  const constant = bech32Polymod([...hrpExpand('bc'), ...data]);
  if (constant !== (witnessVersion === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT)) return false;
  const program = fromFiveBits(data.slice(1, -6));
  if (!program || program.length < 2 || program.length > 40) return false;
  return witnessVersion !== 0 || program.length === 20 || program.length === 32;
}
