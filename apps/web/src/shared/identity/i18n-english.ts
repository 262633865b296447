// The English texts of identity verification (the `growth` set: packages/contract/src/i18n/english-sets.ts)
// travel with the screens that show them, not with the first screen: the gate notice and the me screen's
// status tag import this for its effect.
import texts from '@kestrel/contract/english/growth.json';
import { addEnglishSet } from '../i18n/add-english-set';

addEnglishSet(texts);
