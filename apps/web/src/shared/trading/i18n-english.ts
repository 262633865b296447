// The English texts of the trading screens (trade tab forms, positions) travel with them rather than
// with the first screen (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every screen that trades.
import trading from '@kestrel/contract/english/trading.json';
import { i18n } from '../i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', trading, true, false);
