import type { Generated } from 'kysely';

/** Tables of features/platform-settings (0017_operator_settings). Merged into Database in schema.ts. */
export interface OperatorSettingsTables {
  home_banner: HomeBannerTable;
}

/** One banner of the home screen in one language (a language without any shows the English ones). */
export interface HomeBannerTable {
  id: Generated<number>;
  language: string;
  title: string;
  /** `/uploads/<key>` (an operator upload) or an https address. */
  image_url: string;
  /** An app route, an https address, or ''. */
  link: string;
  is_visible: number;
  sort: number;
  updated_at: number;
}
