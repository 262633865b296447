import { launch, type LanguageCode } from '@kestrel/contract/web';
import { call } from '../api/call';
import { reportLoadFailure } from '../api/network-errors';
import { useSettingsStore } from '../store/settings';
import { applyDocumentLanguage } from './document-language';
import { i18n } from './i18n';
import { changesShownTexts } from './shown-texts';
import { addResources } from './add-resources';

const loaded = new Set<LanguageCode>();
const inFlight = new Map<LanguageCode, Promise<boolean>>();

/**
 * Fetches a language pack from the server and adds it to i18next. English is bundled, but its server
 * pack is fetched too: operators may have edited texts, and the server's version wins.
 * Resolves true when the pack is in place; on failure the customer is sent to the line page
 * (SPEC §8) and it resolves false (the bundled English still shows meanwhile).
 */
export function loadLanguagePack(code: LanguageCode): Promise<boolean> {
  if (loaded.has(code)) return Promise.resolve(true);
  let pending = inFlight.get(code);
  if (!pending) {
    pending = fetchPack(code).finally(() => inFlight.delete(code));
    inFlight.set(code, pending);
  }
  return pending;
}

export function isLanguagePackLoaded(code: LanguageCode): boolean {
  return loaded.has(code);
}

async function fetchPack(code: LanguageCode): Promise<boolean> {
  try {
    const pack = await call(launch.langMgrList, { query: { lang: code } });
    // Over texts already in place (English is bundled), a pack that changes none of them is added
    // without redrawing every translated component; a first pack for a language always redraws.
    const silent =
      i18n.hasResourceBundle(code, 'translation') &&
      !changesShownTexts(pack, (key) => i18n.getResource(code, 'translation', key));
    addResources(code, pack, { overwrite: true, silent });
    loaded.add(code);
    return true;
  } catch {
    // Even English, which is bundled, reports: a pack that cannot load means the line is failing.
    reportLoadFailure('language-pack');
    return false;
  }
}

/** Switches the app's language: pack first, then i18next, `<html lang dir>` and the stored `locale`. */
export async function switchLanguage(code: LanguageCode): Promise<boolean> {
  if (!(await loadLanguagePack(code))) return false;
  await i18n.changeLanguage(code);
  applyDocumentLanguage(code);
  useSettingsStore.getState().setLocale(code);
  return true;
}

/** After a line switch the next call should fetch packs from the new line. */
export function forgetLoadedLanguagePacks(): void {
  loaded.clear();
}
