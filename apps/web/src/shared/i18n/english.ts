import { LOCALE_PACKS, type LocalePack } from '@kestrel/contract';

/**
 * English, bundled as the fallback (DESIGN §7): the app can always speak, even before (or without)
 * the server's pack. Every other language comes from `/api/langMgr/list`.
 */
export const ENGLISH_PACK: LocalePack = LOCALE_PACKS.en;
