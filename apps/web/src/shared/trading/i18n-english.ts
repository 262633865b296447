// The English texts of the trading screens (trade tab forms, positions) travel with them rather than
// with the first screen (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every screen that trades.
import trading from '@kestrel/contract/english/trading.json';
import { addEnglishSet } from '../i18n/add-english-set';

addEnglishSet(trading);
