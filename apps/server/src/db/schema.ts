import type { Book } from '@kestrel/contract';
import type { Generated } from 'kysely';
import type { TradingTables } from './schema-trading';
import type { FastTradeTables } from './schema-fast-trade';
import type { BibiTables } from './schema-bibi';
import type { InvestTables } from './schema-invest';
import type { MessagesTables } from './schema-messages';
import type { SupportTables } from './schema-support';
import type { SelfServiceTables } from './schema-self-service';
import type { PlatformTextTables } from './schema-platform-texts';
import type { GrowthTables } from './schema-growth';
import type { CopyTradingTables } from './schema-copy-trading';
import type { OperatorCustomerTables } from './schema-operator-customers';
import type { OperatorSettingsTables } from './schema-operator-settings';
import type { MoneyHaltTables } from './schema-money-halts';

/**
 * Table types. Conventions: ids are integers; times are milliseconds since the epoch (BIGINT);
 * flags are 0/1 integers; rates and configured decimals are decimal strings (TEXT) checked by the
 * domain parser; money balances (from the ledger issue on) are integer units at their scale.
 * Translations are JSON objects keyed by language code, stored as TEXT.
 */
export interface Database
  extends
    TradingTables,
    FastTradeTables,
    BibiTables,
    InvestTables,
    MessagesTables,
    SupportTables,
    SelfServiceTables,
    PlatformTextTables,
    GrowthTables,
    CopyTradingTables,
    OperatorCustomerTables,
    OperatorSettingsTables,
    MoneyHaltTables {
  user_account: UserAccountTable;
  session_token: SessionTokenTable;
  verification_code: VerificationCodeTable;
  product: ProductTable;
  platform_currency: PlatformCurrencyTable;
  currency_exchange_rate: CurrencyExchangeRateTable;
  site_info: SiteInfoTable;
  switch_setting: SwitchSettingTable;
  tips_setting: TipsSettingTable;
  order_fee_setting: OrderFeeSettingTable;
  other_value: OtherValueTable;
  pop_up: PopUpTable;
  app_page_config: AppPageConfigTable;
  home_recommend_product: HomeRecommendProductTable;
  language_text: LanguageTextTable;
  user_product_option: UserProductOptionTable;
  phone_area_code: PhoneAreaCodeTable;
  bank_property_config: BankPropertyConfigTable;
  recharge_channel_config: RechargeChannelConfigTable;
  withdraw_channel_config: WithdrawChannelConfigTable;
  fast_trade_order_option: FastTradeOrderOptionTable;
  site_message: SiteMessageTable;
  ledger_account: LedgerAccountTable;
  journal_entry: JournalEntryTable;
  posting: PostingTable;
  ledger_head: LedgerHeadTable;
  ledger_checkpoint: LedgerCheckpointTable;
  ledger_checkpoint_leaf: LedgerCheckpointLeafTable;
  idempotency_record: IdempotencyRecordTable;
  withdrawal_password: WithdrawalPasswordTable;
  // features/funding (0003_funding)
  upload_file: UploadFileTable;
  deposit_order: DepositOrderTable;
  withdrawal_order: WithdrawalOrderTable;
  withdrawal_guard: WithdrawalGuardTable;
  staff_member: StaffMemberTable;
  staff_session: StaffSessionTable;
  operator_audit: OperatorAuditTable;
  // features/wallet (0004_wallet)
  demo_link: DemoLinkTable;
  demo_session: DemoSessionTable;
  exchange_record: ExchangeRecordTable;
  user_bank_card: UserBankCardTable;
  user_wallet_address: UserWalletAddressTable;
}

export interface UserAccountTable {
  id: Generated<number>;
  /** The login name: a lower-case email, or a phone as "area-number". */
  user_account: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  password_hash: string;
  nick_name: string;
  avatar: string;
  /** 0 real, 1 guest, 2 demo. */
  account_type: number;
  invite_code: string;
  inviter_id: number | null;
  failed_login_count: number;
  locked_until: number | null;
  created_at: number;
  /** The language the customer last used (0009, features/messages); null: not recorded yet. */
  language: string | null;
}

export interface SessionTokenTable {
  /** SHA-256 of the token: a stolen database does not yield usable tokens. */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  /** An opaque random id the customer names a session by (migration 0011); never the token or its hash. */
  public_id: string;
  /** The user agent the session began with, at most 200 characters, or '' (migration 0011). */
  device_label: string;
  /** The address the session began from, in full; shown to the customer masked (migration 0011). */
  ip_address: string;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  target: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempt_count: number;
}

export interface ProductTable {
  id: Generated<number>;
  product_code: string;
  product_type: number;
  name: string;
  name_lang: string;
  description: string;
  image: string;
  sort: number;
  is_visible: number;
  is_lock: number;
  is_show: number;
  is_self_sell: number;
  is_option: number;
  position_types: string;
  standard: string;
  price_scale: number;
  quantity_scale: number;
}

export interface PlatformCurrencyTable {
  id: number;
  currency_name: string;
  currency_type: number;
  wallet_address_type: string;
  image: string;
  scale: number;
  sort: number;
  is_visible: number;
}

export interface CurrencyExchangeRateTable {
  id: Generated<number>;
  currency_id_from: number;
  currency_id_to: number;
  rate: string;
  fee_rate: string;
  min_amount: string;
  max_amount: string;
  daily_count: number;
}

export interface SiteInfoTable {
  id: number;
  site_name: string;
  logo: string;
  description: string;
  /** The description per language (0012); `description` keeps the English. */
  description_lang: Generated<string>;
  support_email: string;
  service_url: string;
  copyright: string;
}

export interface SwitchSettingTable {
  id: Generated<number>;
  switch_name: string;
  switch_key: string;
  status: number;
  remark: string;
}

export interface TipsSettingTable {
  id: Generated<number>;
  remark: string;
  content_visible_flag: number;
  content_lang: string;
  /** The seed's identity of a row it wrote (0012); NULL for a row an operator created. */
  seed_key: string | null;
}

export interface OrderFeeSettingTable {
  id: Generated<number>;
  remark: string;
  fee_rate: string;
}

export interface OtherValueTable {
  setting_key: string;
  setting_value: string;
}

export interface PopUpTable {
  id: Generated<number>;
  title_lang: string;
  content_lang: string;
  /** The seed's identity of a row it wrote (0012); NULL for a row an operator created. */
  seed_key: string | null;
  image: string;
  link: string;
  is_visible: number;
  sort: number;
}

export interface AppPageConfigTable {
  id: Generated<number>;
  page_path: string;
  module: string;
  /** Names a switch; the entry is hidden while that switch is 1. */
  description: string;
  is_visible: number;
  sort: number;
  title_key: string;
  icon: string;
  target: string;
}

export interface HomeRecommendProductTable {
  id: Generated<number>;
  product_id: number;
  sort: number;
}

export interface LanguageTextTable {
  language: string;
  text_key: string;
  text: string;
}

export interface UserProductOptionTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: number;
}

export interface PhoneAreaCodeTable {
  area_code: string;
  country_name: string;
  country_code: string;
  sort: number;
}

export interface BankPropertyConfigTable {
  id: Generated<number>;
  config_type: number;
  property_name: string;
  label_key: string;
  is_required: number;
  sort: number;
}

/** What deposit and withdrawal channels both have: a fixed name, type and currency, bounds, a place in the list. */
interface ChannelConfigColumns {
  id: Generated<number>;
  channel_name: string;
  channel_type: number;
  currency_id: number;
  min_amount: string;
  max_amount: string;
  is_visible: number;
  sort: number;
}

export interface RechargeChannelConfigTable extends ChannelConfigColumns {
  instructions: string;
  demo_only: number;
  /** TRC20, ERC20, BTC, or '' for bank and demo channels (0017). */
  network: Generated<string>;
  /** The address (crypto) or account details (bank) customers pay to; '' until an operator publishes one (0017). */
  payee_address: Generated<string>;
}

export interface WithdrawChannelConfigTable extends ChannelConfigColumns {
  fee_rate: string;
  fee_fixed: string;
  daily_count: number;
  open_hours: string;
}

export interface FastTradeOrderOptionTable {
  id: Generated<number>;
  product_code: string;
  duration_value: number;
  duration_label: number;
  win_ratio: string;
  lose_ratio: string;
  min_buy_amount: string;
  max_buy_amount: string;
  min_user_amount: string;
  lose_money_method: number;
  sort: number;
}

export interface SiteMessageTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  read_at: number | null;
  created_at: number;
  // ---- 0009_messages (features/messages) ----
  /** The event that wrote it (contract SITE_MESSAGE_KINDS). */
  kind: string;
  /** What it is about, `<type>:<id>`; unique per (user_id, kind). */
  reference: string;
  /** The parameters it was rendered with, JSON. */
  params: string;
  /** The language code it was written in. */
  language: string;
  /** The owner's ledger book: a demo account's messages are 'demo'. */
  book: Book;
}

/**
 * A balance of one owner in one currency, kind (available, frozen, ...) and book (real or demo).
 * `user_id` 0 is the platform. Only a ledger entry changes `balance_units` (features/ledger).
 */
export interface LedgerAccountTable {
  id: Generated<number>;
  user_id: number;
  book: Book;
  currency_id: number;
  kind: string;
  /** Integer units at the currency's scale; read it through CAST(... AS TEXT). */
  balance_units: string | bigint;
  /** 1 only for accounts that stand for the world outside (deposit sources, demo issuance). */
  allow_negative: number;
  /** The account's chain head (0021): how many postings it has and the chain hash of the last. */
  posting_count: Generated<number>;
  chain_hash: Generated<string>;
}

export interface JournalEntryTable {
  id: number;
  created_at: number;
  reason_code: string;
  reference_type: string;
  reference_id: string;
  actor_type: string;
  actor_id: string;
  memo: string;
  tick_id: string | null;
  tick_source: string | null;
  previous_hash: string;
  hash: string;
}

export interface PostingTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  currency_id: number;
  amount_units: string | bigint;
  /** The account's balance right after this posting: the customer's statement shows it. */
  balance_after_units: string | bigint;
  /** Its place in the account's chain, 1 for the first (0021; null only before that migration linked it). */
  account_sequence: number | null;
  /** The link hash over the account's previous link and this posting (`canonicalChainLinkText`). */
  chain_hash: string | null;
}

export interface LedgerHeadTable {
  id: number;
  last_entry_id: number;
  last_hash: string;
  /** Standing money halts (0019): postEntry reads it with the head and looks for halts only when > 0. */
  halts_active: Generated<number>;
  /**
   * The first entry under the per-account chains (0021). Entries before it keep the global chain that
   * ends at last_entry_id / last_hash, which no longer move.
   */
  account_chains_from: Generated<number>;
}

export interface LedgerCheckpointTable {
  id: Generated<number>;
  created_at: number;
  accounts_changed: number;
  /** Merkle root over this checkpoint's leaves, sorted by account (ledger/checkpoints.ts). */
  root_hash: string;
  previous_hash: string;
  hash: string;
}

/** One account's chain head as a checkpoint saw it; only the accounts that moved since the one before. */
export interface LedgerCheckpointLeafTable {
  checkpoint_id: number;
  account_id: number;
  posting_count: number;
  chain_hash: string;
}

export interface IdempotencyRecordTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  request_fingerprint: string;
  response_json: string | null;
  created_at: number;
}

export interface WithdrawalPasswordTable {
  user_id: number;
  password_hash: string;
  updated_at: number;
}

// ---- features/funding (0003_funding): uploads, deposits, withdrawals, staff ----

export interface UploadFileTable {
  id: Generated<number>;
  user_id: number;
  /** `<sha256>.<ext>`: the file's name under KESTREL_DATA_DIR/uploads. */
  file_key: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  created_at: number;
}

export interface DepositOrderTable {
  id: Generated<number>;
  user_id: number;
  book: Book;
  channel_id: number;
  currency_id: number;
  /** Integer units at the currency's scale; read it through CAST(... AS TEXT). */
  amount_units: string | bigint;
  proof_image_key: string | null;
  /** 0 pending, 1 confirmed, 2 rejected. */
  status: number;
  reviewer_staff_id: number | null;
  review_reason: string;
  /** The ledger entry that credited the deposit. */
  entry_id: number | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface WithdrawalOrderTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  currency_id: number;
  amount_units: string | bigint;
  fee_units: string | bigint;
  net_units: string | bigint;
  /** wallet_address or bank_card. */
  destination_kind: string;
  destination_id: number;
  destination_reference: string;
  /** 0 pending, 1 paid, 2 rejected, 3 cancelled. */
  status: number;
  reviewer_staff_id: number | null;
  review_reason: string;
  created_at: number;
  reviewed_at: number | null;
  cancelled_at: number | null;
}

export interface WithdrawalGuardTable {
  user_id: number;
  failed_count: number;
  locked_until: number | null;
  touched_at: number;
}

export interface StaffMemberTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** admin | finance | support | content (contract STAFF_ROLES). */
  role: string;
  disabled: number;
  failed_login_count: number;
  locked_until: number | null;
  created_at: number;
  /** Base32 TOTP secret (0015); null until enrolled, and a member without one cannot sign in. */
  totp_secret: string | null;
  /** The last 30-second step a code was accepted for, so no code works twice. */
  totp_last_step: number | null;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

export interface OperatorAuditTable {
  id: Generated<number>;
  staff_id: number;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  entry_id: number | null;
  created_at: number;
  /** What the action changed, as JSON (0015): the row's fields before and after; null where nothing was there. */
  before_json: string | null;
  after_json: string | null;
}

// ---- features/wallet (0004_wallet): demo accounts, withdrawal password, exchange, cards, addresses ----

/** A real customer's linked demo account (accountType 2). */
export interface DemoLinkTable {
  real_user_id: number;
  demo_user_id: number;
  created_at: number;
}

/** The real session a demo session was entered from (SHA-256 of both tokens). */
export interface DemoSessionTable {
  demo_token_hash: string;
  real_token_hash: string;
  created_at: number;
}

export interface ExchangeRecordTable {
  id: Generated<number>;
  user_id: number;
  currency_id_from: number;
  currency_id_to: number;
  from_scale: number;
  to_scale: number;
  /** Integer units; read them through CAST(... AS TEXT). amount at from_scale, the rest at to_scale. */
  amount_units: string | bigint;
  rate: string;
  fee_rate: string;
  converted_units: string | bigint;
  fee_units: string | bigint;
  received_units: string | bigint;
  entry_id: number | null;
  created_at: number;
}

export interface UserBankCardTable {
  id: Generated<number>;
  user_id: number;
  bank_name: string;
  /** Digits only (spaces removed); shown masked unless the bank_card_unmasked switch is on. */
  bank_no: string;
  bank_open_address: string;
  holder: string;
  bank_phone: string;
  bank_country: string;
  aba_code: string;
  swift: string;
  post_code: string;
  user_real_address: string;
  account_type: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** Never edited in place: a change deletes the row and adds a new one (features/funding reads id, user_id, deleted_at). */
export interface UserWalletAddressTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  wallet_address_type: string;
  wallet_address: string;
  created_at: number;
  deleted_at: number | null;
}
