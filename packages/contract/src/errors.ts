import { TRADE_ERROR_KEYS } from './error-keys/trade';
import { FAST_TRADE_ERROR_KEYS } from './error-keys/fast-trade';
import { BIBI_ERROR_KEYS } from './error-keys/bibi';
import { INVEST_ERROR_KEYS } from './error-keys/invest';
import { PLATFORM_TEXT_ERROR_KEYS } from './error-keys/platform-texts';
import { PROFILE_ERROR_KEYS } from './error-keys/profile';
import { SUPPORT_ERROR_KEYS } from './error-keys/support';
import { MESSAGES_ERROR_KEYS } from './error-keys/messages';
import { IDENTITY_ERROR_KEYS } from './error-keys/identity';
import { REWARDS_ERROR_KEYS } from './error-keys/rewards';
import { COPY_TRADING_ERROR_KEYS } from './error-keys/copy-trading';
import { OPERATOR_SETTINGS_ERROR_KEYS } from './error-keys/operator-settings';
import { OPERATOR_CUSTOMERS_ERROR_KEYS } from './error-keys/operator-customers';
import { STAFF_ERROR_KEYS } from './error-keys/staff';

/**
 * Refusal keys: the `msg` of a code-500 answer. The app translates them with the language pack
 * (every key here exists in every pack; a test checks it). Grouped by subsystem, as exchange-core
 * groups its result codes, so a reader sees at once where a refusal comes from.
 */
export const ERROR_KEYS = {
  request: [
    'error.invalid_param',
    'error.required',
    'error.page_size_too_large',
    'error.malformed_body',
    'error.unsupported_media_type',
    'error.body_too_large',
    'error.request_timeout',
    'error.rate_limited',
    'error.not_found',
    'error.internal',
    'error.unknown_language',
  ],
  session: ['error.not_logged_in', 'error.session_expired'],
  account: [
    'error.invalid_credentials',
    'error.account_locked',
    'error.account_exists',
    'error.account_not_found',
    'error.code_invalid',
    'error.code_expired',
    'error.code_resend_too_soon',
    'error.password_rule',
    'error.phone_invalid',
    'error.email_invalid',
    'error.wrong_old_password',
    'error.same_password',
    'error.invite_code_invalid',
    'error.invite_code_required',
    'error.invalid_account_type',
  ],
  market: ['error.unknown_product', 'error.unknown_interval', 'error.already_in_watchlist', 'error.not_in_watchlist'],
  money: [
    'error.idempotency_key_required',
    'error.idempotency_key_reused',
    'error.insufficient_balance',
    /** A reconcile found a difference in this account's ledger: money movement is paused until an operator lifts the halt. */
    'error.account_halted',
  ],
  /** Deposits, withdrawals, uploads, staff: features/funding. */
  funding: [
    'error.upload_invalid',
    'error.upload_type',
    'error.upload_too_large',
    'error.image_too_large',
    'error.image_too_small',
    'error.amount_invalid',
    'error.amount_not_positive',
    'error.amount_precision',
    'error.amount_below_minimum',
    'error.amount_above_maximum',
    'error.recharge_channel_not_found',
    'error.currency_unavailable',
    'error.demo_channel_demo_only',
    'error.demo_account_demo_channel_only',
    'error.proof_image_required',
    'error.proof_image_not_found',
    'error.deposit_not_found',
    'error.deposit_not_pending',
    'error.withdraw_channel_not_found',
    'error.withdraw_demo_account',
    'error.withdraw_daily_limit',
    'error.withdraw_channel_closed',
    'error.withdraw_password_not_set',
    'error.withdraw_password_wrong',
    'error.withdraw_locked',
    'error.withdraw_destination_not_found',
    'error.withdraw_fee_exceeds_amount',
    'error.withdrawal_not_found',
    'error.withdrawal_not_pending',
    'error.operator_forbidden',
  ],
  /** Exchange, cards, addresses, withdrawal password, demo account: features/wallet. */
  wallet: [
    'error.withdrawal_password_same_as_login',
    'error.exchange_amount_invalid',
    'error.exchange_amount_too_precise',
    'error.exchange_same_currency',
    'error.exchange_pair_unknown',
    'error.exchange_below_minimum',
    'error.exchange_above_maximum',
    'error.exchange_daily_limit',
    'error.exchange_amount_too_small',
    'error.unknown_currency',
    'error.bank_card_not_found',
    'error.bank_card_number_invalid',
    'error.bank_card_limit',
    'error.bank_card_duplicate',
    'error.wallet_address_not_found',
    'error.wallet_address_type_invalid',
    'error.wallet_address_invalid',
    'error.wallet_address_limit',
    'error.wallet_address_duplicate',
  ],
  trade: TRADE_ERROR_KEYS,
  fastTrade: FAST_TRADE_ERROR_KEYS,
  bibi: BIBI_ERROR_KEYS,
  invest: INVEST_ERROR_KEYS,
  /** Operator editing of the pop-ups, tips and site description: features/launch. */
  platformTexts: PLATFORM_TEXT_ERROR_KEYS,
  /** Account self-service (nickname, avatar, binding, reset, sessions): features/account. */
  profile: PROFILE_ERROR_KEYS,
  /** Help centre and live customer service: features/help-centre, features/support. */
  support: SUPPORT_ERROR_KEYS,
  /** Site messages and platform notices: features/messages. */
  messages: MESSAGES_ERROR_KEYS,
  /** Identity verification and the gates it opens: features/identity. */
  identity: IDENTITY_ERROR_KEYS,
  /** Reward tasks and their budget: features/rewards. */
  rewards: REWARDS_ERROR_KEYS,
  /** Copy trading: features/trading/copy. */
  copyTrading: COPY_TRADING_ERROR_KEYS,
  /** Operator platform settings (products, fees, switches, banners, packs, channels): features/platform-settings. */
  operatorSettings: OPERATOR_SETTINGS_ERROR_KEYS,
  /** Operator console: customers, manual adjustments, reconcile runs: features/customer-care. */
  operatorCustomers: OPERATOR_CUSTOMERS_ERROR_KEYS,
  /** Staff sign-in and staff management: features/staff. */
  staff: STAFF_ERROR_KEYS,
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS][number];
// Pure: the web build drops the key lists it never reads (they would otherwise sit on the first screen).
export const ALL_ERROR_KEYS: readonly ErrorKey[] = /* @__PURE__ */ Object.values(ERROR_KEYS).flat();

/** Envelope codes of DESIGN.md §5. */
export const ResultCode = {
  ok: 200,
  /** Not logged in, or the token is unknown, revoked or expired. */
  unauthorized: 401,
  /** Refused: `msg` is a language key, `params` fill it. */
  refused: 500,
  /** Warning, shown but not an error (the original's 601). */
  warning: 601,
  /** Silent: the app shows nothing. */
  silent: 209,
} as const;

/** Passed through to the page: "this action needs a further verification step first". */
export const HINT_NEEDS_VERIFICATION = 'hint_48';
