// The English refusal, toast and login texts (error.*, tips.*, auth.*) travel after start rather than with the first screen
// (packages/contract/src/i18n/english-sets.ts); the server's pack, loaded at launch, already carries them.
import errors from '@kestrel/contract/english/errors.json';
import { i18n } from './i18n';

// deep: merge into the English resources; overwrite false: a pack already loaded from the server wins.
i18n.addResourceBundle('en', 'translation', errors, true, false);
