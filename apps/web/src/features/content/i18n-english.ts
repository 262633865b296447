// The privacy notice's and rich-text page's English texts travel with those screens rather than with
// the first screen (packages/contract/src/i18n/english-sets.ts). Imported for its effect by both screens, before they render.
import content from '@kestrel/contract/english/content.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(content);
