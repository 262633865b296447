import type { Generated } from 'kysely';

/**
 * Tables of platform notices and operator broadcasts (migration 0009; see schema.ts for the
 * conventions). The site_message columns 0009 adds are on SiteMessageTable in schema.ts.
 */
export interface MessagesTables {
  platform_notice: PlatformNoticeTable;
  site_broadcast: SiteBroadcastTable;
}

export interface PlatformNoticeTable {
  id: Generated<number>;
  /** Names a notice a fresh install starts with; null for an operator's own. */
  seed_key: string | null;
  /** `{ lang: text }` JSON; English is always present. */
  title_lang: string;
  /** `{ lang: html }` JSON, sanitized on save (core/rich-text.ts). */
  content_lang: string;
  is_visible: number;
  sort: number;
  publish_time: number;
  created_at: number;
  updated_at: number;
}

export interface SiteBroadcastTable {
  id: Generated<number>;
  title_lang: string;
  content_lang: string;
  /** One customer, or null for every real customer. */
  target_user_id: number | null;
  staff_id: number;
  reason: string;
  /** The highest customer id delivered so far: delivery resumes after it. */
  cursor_user_id: number;
  recipients: number;
  created_at: number;
  finished_at: number | null;
}
