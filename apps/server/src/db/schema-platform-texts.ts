import type { Generated } from 'kysely';

/** features/launch platform texts (0012_platform_texts): every operator edit of one language of one text. */
export interface PlatformTextTables {
  platform_text_revision: PlatformTextRevisionTable;
}

export interface PlatformTextRevisionTable {
  id: Generated<number>;
  /** popUp, tip or siteInfo. */
  kind: string;
  record_id: number;
  /** title, content or description. */
  field: string;
  language: string;
  /** NULL when the language had no text before. */
  before_text: string | null;
  after_text: string;
  staff_id: number;
  reason: string;
  created_at: number;
}
