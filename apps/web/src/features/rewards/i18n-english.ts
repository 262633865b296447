// The reward screens' English texts travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `growth` set, namespace `reward`). Imported for its
// effect by the screens' module, before they render.
import texts from '@kestrel/contract/english/growth.json';
import { i18n } from '../../shared/i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', texts, true, false);
