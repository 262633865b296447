import type { LocalePack } from '@kestrel/contract';
// The English pack without the namespaces that load with their lazy screens (build/english-packs.ts).
import core from '../../../../../packages/contract/src/i18n/locales/en.json?english=core';

/**
 * English, bundled as the fallback (DESIGN §7): the app can always speak, even before (or without)
 * the server's pack. Every other language comes from `/api/langMgr/list`. Texts of lazy screens that
 * build/english-packs.ts names are bundled with those screens and added when they load.
 */
export const ENGLISH_PACK: LocalePack = core;
