// Endpoints of the team and referral commissions (API-FACTS "Team"): features/team (issue 14).
// Exported as `team`.
//
// A customer who registered with an invite code is a level-1 member of the inviter's team; the members
// that member invited are level 2 of the same team. Two levels only.
//
// Commissions (published rule): when a real-account member pays a fee, the platform passes
// `REFERRAL_COMMISSION_RATES[level - 1]` of that fee (rounded down to the fee currency's units) from its
// fee income to the inviter at that level, in the same database transaction as the fee and in its own
// ledger entry `referral.commission` (reference: the fee's entry), so both statements show it the moment
// the fee is earned. Commissions come only from fees actually paid: never from a member's losses, from
// demo money, or from anything but the fee income the same entry just received, and together they are at
// most the fee.
import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString } from './shapes';

/** Share of a member's fee paid to the inviter at level 1 and at level 2. */
export const REFERRAL_COMMISSION_RATES = ['0.20', '0.10'] as const;
export const TEAM_LEVELS = [1, 2] as const;
/** A member counts as active who paid a fee or made a deposit within this many days. */
export const TEAM_ACTIVE_DAYS = 30;

export const teamDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/userTeam/myTeamDataDashboard',
  summary: 'The team’s figures: members per level, deposits and commissions (USDT values), the invite code and rates',
  tag: 'team',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({
      /** Confirmed deposits of every member (both levels), valued in USDT at today's rates (to the cent, half up, as every USDT figure here). */
      teamTotalRechargeAmount: decimalString,
      /** Every commission this customer has earned, valued in USDT at today's rates. */
      teamTotalCommissionAmount: decimalString,
      /** Members with at least one confirmed deposit. */
      firstRechargePersonNum: z.number().int(),
      /** Level-1 members. */
      teamDirectPersonNum: z.number().int(),
      /** Members of both levels. */
      teamPersonNum: z.number().int(),
      /** Members whose deposit was confirmed today (UTC). */
      rechargePersonNumToday: z.number().int(),
      /** Members who paid a fee or deposited within TEAM_ACTIVE_DAYS (ours). */
      activePersonNum: z.number().int(),
      inviteCode: z.string(),
      /** The published rates, level 1 first (ours). */
      commissionRates: z.array(decimalString),
    }),
  },
});

export const teamMember = z.object({
  /** Masked login: a stranger's contact is never shown in full. */
  userAccount: z.string(),
  nickName: z.string(),
  teamLevel: z.number().int(),
  registerTime: z.number().int(),
  /** Confirmed deposits, USDT value. */
  rechargeAmount: decimalString,
  /** What this customer earned from this member's fees, USDT value. */
  commissionAmount: decimalString,
  active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/userTeam/queryLowerTeamInfo',
  summary: 'Team members at one level (1 or 2), newest first, contacts masked',
  tag: 'team',
  auth: 'user',
  query: pageQuery.extend({ teamLevel: z.coerce.number().int().min(1).max(2).default(1) }),
  answer: { kind: 'rows', schema: teamMember },
});

export const commissionRecord = z.object({
  /** The commission's ledger entry. */
  entryId: z.number().int(),
  /** The member's masked login. */
  fromAccount: z.string(),
  teamLevel: z.number().int(),
  currencyName: z.string(),
  /** The member's fee it came from, and the commission. */
  feeAmount: decimalString,
  commissionAmount: decimalString,
  rate: decimalString,
  /** The reason of the fee's entry, e.g. `contract.open`, `bibi.fill` (the app translates `reason.*`). */
  feeReason: z.string(),
  createTime: z.number().int(),
});

export const commissionList = defineEndpoint({
  method: 'GET',
  path: '/api/userTeam/commissionList',
  summary: 'Commissions earned, newest first, each with the fee it came from (ours)',
  tag: 'team',
  auth: 'user',
  query: pageQuery,
  answer: { kind: 'rows', schema: commissionRecord },
});
