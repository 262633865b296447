// The English refusal, toast and login texts (error.*, tips.*, auth.*) travel after start rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts); the server's pack, loaded at launch, already carries them.
import errors from '@kestrel/contract/english/errors.json';
import { addEnglishSet } from './add-english-set';

addEnglishSet(errors);
