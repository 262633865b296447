import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The codings an answer kept in memory is compressed to, in the server's order of preference. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Brotli quality for answers kept in memory: one step above the compression plugin's per-request 4,
 * since these are compressed once per tick and variant, not once per request. Measured on the crypto
 * list (12 rows, 15 KB): 3.8 KB at 5 against 4.2 KB at 4, for about a millisecond; 6 and 8 gain
 * nothing more, and 11 costs 40 ms.
 */
const BROTLI_QUALITY = 5;

/** An `Accept-Encoding` header longer than this is not parsed: identity is always acceptable. */
const ACCEPT_ENCODING_CHARACTERS_MAX = 1024;

/**
 * The coding to answer with, from the request's `Accept-Encoding` (RFC 9110 §12.5.3): the
 * highest-weighted of br and gzip, br on a tie, none with weight 0; undefined means identity.
 * `x-no-compression` turns compression off, as it does for the compression plugin.
 */
export function preferredCoding(
  acceptEncoding: string | string[] | undefined,
  noCompression: unknown,
): ContentCoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (noCompression !== undefined || !header || header.length > ACCEPT_ENCODING_CHARACTERS_MAX) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const weightParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = weightParameter === undefined ? 1 : Number(weightParameter.slice(2));
    // "x-gzip" is gzip (RFC 9110 §8.4.1.3); a weight that does not parse counts as a refusal.
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let chosen: ContentCoding | undefined;
  let chosenWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > chosenWeight) {
      chosen = coding;
      chosenWeight = weight;
    }
  }
  return chosen;
}

export function compress(text: string, coding: ContentCoding): Buffer {
  if (coding === 'gzip') return gzipSync(text);
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}
