import type { Generated } from 'kysely';
import type { rewards } from '@kestrel/contract';

/** Tables of identity verification, referral commissions and rewards (migration 0013; see schema.ts for the conventions). */
export interface GrowthTables {
  identity_image: IdentityImageTable;
  identity_verification: IdentityVerificationTable;
  referral_commission: ReferralCommissionTable;
  reward_task: RewardTaskTable;
  reward_claim: RewardClaimTable;
}

/** A private document photo: its bytes live under KESTREL_DATA_DIR/identity/<image_key>, metadata removed. */
export interface IdentityImageTable {
  id: Generated<number>;
  user_id: number;
  /** `<32 random hex>.<ext>`. */
  image_key: string;
  content_type: string;
  byte_size: number;
  created_at: number;
}

/** One sending of a verification level; the latest row of (user, level) is that level's status. */
export interface IdentityVerificationTable {
  id: Generated<number>;
  user_id: number;
  /** 0 basic, 1 advanced. */
  level: number;
  auth_method: number;
  real_name: string;
  id_number: string;
  img1_key: string;
  img2_key: string;
  img3_key: string;
  /** 1 pending, 2 passed, 3 rejected (0 "none" is the absence of a row). */
  status: number;
  /** The operator's reason, shown to the customer; '' when none was given. */
  reason: string;
  submitted_at: number;
  reviewed_at: number | null;
  reviewer_staff_id: number | null;
}

/** One commission: what the `referral.commission` entry `entry_id` paid out of the fee entry `fee_entry_id`. */
export interface ReferralCommissionTable {
  id: Generated<number>;
  entry_id: number;
  fee_entry_id: number;
  /** The fee entry's reason code (contract.open, bibi.fill, ...). */
  fee_reason: string;
  earner_user_id: number;
  member_user_id: number;
  /** 1 or 2: how far below the earner the member sits. */
  level: number;
  currency_id: number;
  fee_units: string | bigint;
  commission_units: string | bigint;
  rate: string;
  created_at: number;
}

/** A reward an operator defines (features/rewards). */
export interface RewardTaskTable {
  id: Generated<number>;
  /** JSON: language code -> text; English is required. */
  title_lang: string;
  description_lang: string;
  condition: rewards.RewardCondition;
  /** For invited_depositors: how many friends; 1 for the other conditions. */
  threshold: number;
  currency_id: number;
  amount_units: string | bigint;
  visible: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** One customer's claim of one task, beside the `reward.claimed` entry that paid it. */
export interface RewardClaimTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  currency_id: number;
  amount_units: string | bigint;
  entry_id: number;
  created_at: number;
}
