import { addResources } from './add-resources';

/**
 * Adds one of the English sets that travel with lazy screens (packages/contract/src/i18n/english-sets.ts):
 * deep into the English resources, never over a pack already loaded from the server.
 *
 * Silently: the app binds react-i18next to the store's `added` event (shared/i18n/i18n.ts) so a pack from
 * the server redraws every text, but an English set only brings keys for the screens that import it,
 * which have not drawn yet. Announcing it redrew every translated component on the screen at once, a
 * long task each time a tab was preloaded.
 */
export function addEnglishSet(texts: Record<string, unknown>): void {
  addResources('en', texts, { overwrite: false, silent: true });
}
