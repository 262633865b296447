// The support chat's English texts travel with it rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `service` set). Imported for its effect by the chat
// screen's module, before it renders.
import texts from '@kestrel/contract/english/service.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
