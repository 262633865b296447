// The copy-trading screen's English texts travel with it rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `copy` namespace of the `growth` set). Skipped copies
// and refusals speak with `error.*` keys, which launch loads with the server's pack. Imported for its
// effect by the screen's module, before it renders.
import texts from '@kestrel/contract/english/growth.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
