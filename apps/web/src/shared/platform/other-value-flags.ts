import { useOtherValuesStore } from './other-values';

/**
 * The otherValue display flags (SPEC §3 "Settings from the otherValue config map"): 1 on, 0 off; a flag
 * the server has not sent takes the spec's default, on. They change what the screens show, never what
 * the server books.
 */
export const OTHER_VALUE_FLAGS = {
  /** The withdraw form's "All" button. */
  withdrawAll: 'app_withdrawAll',
  /** The frozen amount beside the available on wallet and asset rows. */
  showFreeze: 'app_showFreeze',
  /** The fee line on the fast-trade form and ticket. */
  fastFee: 'app_fast_fee',
  /** A fast-trade amount typed freely (off: only the preset amounts). */
  fastFree: 'app_fastFree',
  /** Message times in the list and the detail. */
  messageTime: 'showMsgTime',
} as const;

export type OtherValueFlag = (typeof OTHER_VALUE_FLAGS)[keyof typeof OTHER_VALUE_FLAGS];

export function isFlagOn(otherValues: Readonly<Record<string, string>>, flag: OtherValueFlag): boolean {
  return (otherValues[flag] ?? '1').trim() === '1';
}

export function useOtherValueFlag(flag: OtherValueFlag): boolean {
  return useOtherValuesStore((state) => isFlagOn(state.values, flag));
}
