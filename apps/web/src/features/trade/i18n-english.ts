// The chart's English texts travel with the trade screens rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts). Imported for its effect by every chart screen, before it renders.
import chart from '@kestrel/contract/english/chart.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(chart);
