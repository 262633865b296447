import { i18n } from './i18n';

/** i18next's addResourceBundle takes a sixth argument, `{ silent }`, that its type declarations leave out. */
type AddResourceBundle = (
  lng: string,
  ns: string,
  resources: unknown,
  deep: boolean,
  overwrite: boolean,
  options: { silent: boolean },
) => unknown;

/**
 * Adds texts deep into a language's translations. `silent` skips the store's `added` event, to which
 * react-i18next redraws every translated component (shared/i18n/i18n.ts).
 */
export function addResources(language: string, texts: unknown, options: { overwrite: boolean; silent: boolean }): void {
  const add = i18n.addResourceBundle.bind(i18n) as unknown as AddResourceBundle;
  add(language, 'translation', texts, true, options.overwrite, { silent: options.silent });
}
