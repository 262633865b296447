/** The spec's constants (SPEC §9) that both the server and the app obey. */
export const CONSTANTS = {
  verificationCodeCountdownSeconds: 60,
  verificationCodeLifetimeSeconds: 600,
  verificationCodeLength: 6,
  toastDurationMs: 2000,
  requestTimeoutMs: 60_000,
  requestTimeoutAfterFirstResponseMs: 10_000,
  chunkLoadTimeoutMs: 120_000,
  asyncPageDelayMs: 200,
  asyncPageTimeoutMs: 60_000,
  defaultTradeCurrencyId: 3,
  defaultTransId: 5,
  displayDecimals: 2,
  tipsPageSize: 30,
  homeRecommendationsPageSize: 50,
  debounceMs: 300,
  throttleMs: 500,
  badgeMax: 999,
  passwordMinimumLength: 8,
  imageWidth: 800,
  imageQuality: 0.7,
  textareaMaxLength: 140,
  uploadMaxCount: 52,
  tabCount: 5,
  usdtCurrencyId: 3,
} as const;

/** The largest page any list answers (more is refused with error.page_size_too_large). */
export const PAGE_SIZE_MAX = 100;

/** Duration label units in seconds (SPEC §3), indexed by the fast-trade durationLabel 0..3. */
export const DURATION_LABELS = [
  { label: 'S', seconds: 1 },
  { label: 'M', seconds: 60 },
  { label: 'H', seconds: 3600 },
  { label: 'D', seconds: 86400 },
] as const;

/** `userInfo.accountType` (API-FACTS "Conventions of the original"): a demo account is a linked paper-trading user. */
export const ACCOUNT_TYPE = { real: 0, guest: 1, demo: 2 } as const;
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

/** The two ledger books: real money, and demo money that can never leave the demo book. */
export const BOOKS = ['real', 'demo'] as const;
export type Book = (typeof BOOKS)[number];

/** The book an account type trades in: a demo account's, or the real one for everyone else. */
export function bookOf(accountType: number): Book {
  return accountType === ACCOUNT_TYPE.demo ? 'demo' : 'real';
}

/** A switch setting's status: 1 is on (the original stored "enabled" as 0 for most flags, but switches as 1). */
export const SWITCH_STATUS = { off: 0, on: 1 } as const;
