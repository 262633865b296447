// The team screen's English texts travel with it rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `growth` set). The commissions name the fee they came
// from with the statement's `reason.*` words, which are in the `money` set. Imported for its effect by
// the screen's module, before it renders.
import texts from '@kestrel/contract/english/growth.json';
import money from '@kestrel/contract/english/money.json';
import { i18n } from '../../shared/i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', texts, true, false);
i18n.addResourceBundle('en', 'translation', money, true, false);
