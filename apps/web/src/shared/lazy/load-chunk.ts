import { CONSTANTS } from '@kestrel/contract/web';
import type { ComponentType } from 'react';

/**
 * Why a screen's chunk could not be used, in webpack's vocabulary that SPEC §8 quotes:
 * - `missing`: the chunk arrived but holds no screen (a stale or broken build);
 * - `timeout`: nothing arrived within 120 s (SPEC §9 chunk load time-out);
 * - `error`: the import itself failed (network, 404 after a deploy, a syntax error).
 */
export type ChunkFailureType = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  readonly type: ChunkFailureType;
  constructor(type: ChunkFailureType, cause?: unknown) {
    // The message key of SPEC §8; screens translate it and show the type beside it.
    super('request.chunk_failed', { cause });
    this.name = 'ChunkLoadError';
    this.type = type;
  }
}

// Screens take any props: this is the type React.lazy itself uses for its loader.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of a lazily loaded screen are not known here
export type ScreenModule = { default: ComponentType<any> };

/** Loads a screen module, failing with a typed ChunkLoadError after `timeoutMs` or on any failure. */
export function loadChunk(
  load: () => Promise<ScreenModule>,
  timeoutMs: number = CONSTANTS.chunkLoadTimeoutMs,
): Promise<ScreenModule> {
  return new Promise<ScreenModule>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        if (typeof module?.default !== 'function' && typeof module?.default !== 'object') {
          reject(new ChunkLoadError('missing'));
          return;
        }
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('error', error));
      },
    );
  });
}
