// The new-share screens' English texts travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts). Imported for its effect by the screens, before they render.
import texts from '@kestrel/contract/english/invest.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
