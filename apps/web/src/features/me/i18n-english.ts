// The profile screen's self-service texts (nickname, avatar) travel with them rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts: the `service` set). Imported for its effect by the
// screens' module, before they render.
import texts from '@kestrel/contract/english/service.json';
import { addEnglishSet } from '../../shared/i18n/add-english-set';

addEnglishSet(texts);
