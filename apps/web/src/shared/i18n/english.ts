import type { LocalePack } from '@kestrel/contract/web';
// The English pack without the namespaces that load with their lazy screens (packages/contract/src/i18n/english-sets.ts).
import core from '@kestrel/contract/english/core.json';

/**
 * English, bundled as the fallback (DESIGN §7): the app can always speak, even before (or without)
 * the server's pack. Every other language comes from `/api/langMgr/list`. Texts of lazy screens that
 * packages/contract/src/i18n/english-sets.ts names are bundled with those screens and added when they load.
 */
export const ENGLISH_PACK: LocalePack = core;
