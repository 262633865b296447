import type { Generated } from 'kysely';

/** Tables of the help centre and live customer service (migration 0010; see schema.ts for the conventions). */
export interface SupportTables {
  help_category: HelpCategoryTable;
  help_article: HelpArticleTable;
  help_article_text: HelpArticleTextTable;
  support_conversation: SupportConversationTable;
  support_message: SupportMessageTable;
}

export interface HelpCategoryTable {
  id: Generated<number>;
  sort: number;
  is_visible: number;
  /** JSON map language code -> name; `en` always present. */
  name_lang: string;
  created_at: number;
  updated_at: number;
}

export interface HelpArticleTable {
  id: Generated<number>;
  category_id: number;
  sort: number;
  is_visible: number;
  created_at: number;
  updated_at: number;
}

/** One language's text of an article. */
export interface HelpArticleTextTable {
  article_id: number;
  language: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  /** The start of the content's plain text. */
  summary: string;
  /** Lower-cased title and plain text of the content: what a search matches. */
  search_text: string;
  updated_at: number;
}

export interface SupportConversationTable {
  id: Generated<number>;
  /** The customer's real account (a demo account's messages land in its owner's conversation). */
  user_id: number;
  created_at: number;
  last_message_id: number;
  last_message_at: number;
  last_sender: 'customer' | 'staff';
  last_preview: string;
  customer_read_up_to: number;
  staff_read_up_to: number;
  customer_unread_count: number;
  staff_unread_count: number;
}

export interface SupportMessageTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'customer' | 'staff';
  author_user_id: number | null;
  staff_id: number | null;
  body_text: string;
  image_key: string | null;
  created_at: number;
}
