// The English texts of the money screens travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every money screen, before it renders.
import money from '@kestrel/contract/english/money.json';
import { i18n } from '../../shared/i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', money, true, false);
