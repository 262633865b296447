// The copy-trading screen's English texts travel with it rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `copy` namespace of the `growth` set). Skipped copies
// and refusals speak with `error.*` keys, which launch loads with the server's pack. Imported for its
// effect by the screen's module, before it renders.
import texts from '@kestrel/contract/english/growth.json';
import { i18n } from '../../shared/i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', texts, true, false);
