// The chart's English texts travel with the trade screens rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every chart screen, before it renders.
import chart from '@kestrel/contract/english/chart.json';
import { i18n } from '../../shared/i18n/i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', chart, true, false);
