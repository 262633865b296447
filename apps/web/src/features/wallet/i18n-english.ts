// The English texts of the money screens travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every money screen, before it renders.
import money from '@kestrel/contract/english/money.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(money);
