// The team screen's English texts travel with it rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `growth` set). The commissions name the fee they came
// from with the statement's `reason.*` words, which are in the `money` set. Imported for its effect by
// the screen's module, before it renders.
import texts from '@kestrel/contract/english/growth.json';
import money from '@kestrel/contract/english/money.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
addEnglishSet(money);
