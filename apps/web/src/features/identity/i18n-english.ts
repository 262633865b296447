// The identity verification screens' English texts travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `growth` set). Imported for its effect by the
// screens' module, before they render.
import texts from '@kestrel/contract/english/growth.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
