/**
 * A small seeded pseudo-random generator so the simulator is reproducible: the same seed always gives
 * the same market. Not for anything secret.
 */

/** 32-bit FNV-1a of a string, good enough to spread seed + product code + purpose over the state space. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Standard normal (mean 0, variance 1). */
  normal(): number;
}

/** mulberry32: tiny, fast, passes the statistical tests that matter for a price walk. */
export function createRandom(...seedParts: ReadonlyArray<string | number>): Random {
  let state = hashText(seedParts.join('|'));
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    uniform,
    // Box-Muller; 1 - uniform() lies in (0, 1] so the logarithm is finite.
    normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()),
  };
}
