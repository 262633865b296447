// The English texts of identity verification (the `growth` set: packages/contract/src/i18n/english-sets.ts)
// travel with the screens that show them, not with the first screen: the gate notice and the me screen's
// status tag import this for its effect.
import texts from '@kestrel/contract/english/growth.json';
import { i18n } from '../i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', texts, true, false);
