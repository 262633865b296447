/**
 * The operator roles, least privilege: each operator endpoint names the roles that may call it
 * (`Endpoint.staffRoles`) and the server refuses every other role before it reads the input.
 * - admin: everything, including staff, switches and products;
 * - finance: money (deposits, withdrawals, loans, adjustments, reserves) and reading customers;
 * - support: customers, identity review, support chat, help centre; reads money queues, moves none;
 * - content: what customers read (pop-ups, banners, texts, language packs, notices, help centre).
 */
export const STAFF_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Common role sets, so endpoint files say who, not a repeated list. */
export const STAFF_ROLE_SETS = {
  everyone: STAFF_ROLES,
  admin: ['admin'],
  money: ['admin', 'finance'],
  /** Reads of money queues and customers: not content editors. */
  moneyReaders: ['admin', 'finance', 'support'],
  customerCare: ['admin', 'support'],
  content: ['admin', 'content'],
  /** The help centre is written by support and content alike. */
  helpWriters: ['admin', 'support', 'content'],
} as const satisfies Record<string, readonly StaffRole[]>;
