/**
 * The verification forms' rules, pure: what is sent (trimmed, as the server reads it) and which
 * problem each field shows. Every check is the server's own (`@kestrel/domain` identity/submission.ts),
 * so a refusal shows under its field before anything is sent.
 */
import {
  ADVANCED_AUTH_METHODS,
  AUTH_METHOD,
  BASIC_AUTH_METHODS,
  IDENTITY_LEVEL,
  REAL_NAME_LENGTH,
  checkIdentitySubmission,
  isDocumentNumber,
  isRealName,
  type IdentitySubmission,
} from '@kestrel/domain';

export type PhotoField = 'img1Key' | 'img2Key' | 'img3Key';
export type IdentityField = 'authMethod' | 'realName' | 'idNumber' | PhotoField;

/** A problem as the screen shows it: the language key and its params. */
export interface FieldProblem {
  key: `error.${string}`;
  params: Record<string, string | number>;
}
export type FieldProblems = Partial<Record<IdentityField, FieldProblem>>;

export interface IdentityFormValues {
  authMethod: number;
  realName: string;
  idNumber: string;
  img1Key: string;
  img2Key: string;
  img3Key: string;
}

/** The photos each level sends. */
export const PHOTO_FIELDS: Readonly<Record<number, readonly PhotoField[]>> = {
  [IDENTITY_LEVEL.basic]: ['img1Key', 'img2Key'],
  [IDENTITY_LEVEL.advanced]: ['img3Key'],
};

/** The body of `userAuthApply` for a level: trimmed, and only the fields of that level. */
export function submissionOf(level: number, values: IdentityFormValues): IdentitySubmission {
  if (level === IDENTITY_LEVEL.basic) {
    return {
      authMethod: values.authMethod,
      authLevel: level,
      realName: values.realName.trim(),
      idNumber: values.idNumber.trim(),
      img1Key: values.img1Key,
      img2Key: values.img2Key,
      img3Key: '',
    };
  }
  return {
    authMethod: values.authMethod,
    authLevel: level,
    realName: '',
    idNumber: '',
    img1Key: '',
    img2Key: '',
    img3Key: values.img3Key,
  };
}

const problemOf = (code: string, params: Record<string, string | number> = {}): FieldProblem => ({
  key: `error.${code}`,
  params,
});

/**
 * Every field's problem at once (the server stops at the first; the customer sees them all), each by the
 * domain's rule; and whatever `checkIdentitySubmission` answers is always among them, so nothing the
 * server would refuse gets through.
 */
export function fieldProblems(submission: IdentitySubmission): FieldProblems {
  const problems: FieldProblems = {};
  if (submission.authLevel === IDENTITY_LEVEL.basic) {
    if (!BASIC_AUTH_METHODS.includes(submission.authMethod)) problems.authMethod = problemOf('identity_method_invalid');
    if (!isRealName(submission.realName)) {
      problems.realName = problemOf('identity_name_invalid', { min: REAL_NAME_LENGTH.min, max: REAL_NAME_LENGTH.max });
    }
    if (!isDocumentNumber(submission.authMethod, submission.idNumber)) {
      problems.idNumber = problemOf('identity_number_invalid');
    }
  } else if (!ADVANCED_AUTH_METHODS.includes(submission.authMethod)) {
    problems.authMethod = problemOf('identity_method_invalid');
  }
  for (const field of PHOTO_FIELDS[submission.authLevel] ?? []) {
    if (submission[field] === '') problems[field] = problemOf('identity_image_required', { field });
  }
  const first = checkIdentitySubmission(submission);
  if (first) {
    const field = fieldOfProblem(`error.${first.code}`, first.params);
    if (field !== 'form' && !problems[field]) problems[field] = problemOf(first.code, first.params);
  }
  return problems;
}

/** The fields in the order the form shows them: the first with a problem is scrolled to. */
export const FIELD_ORDER: readonly IdentityField[] = [
  'authMethod',
  'realName',
  'idNumber',
  'img1Key',
  'img2Key',
  'img3Key',
];

const PHOTO_FIELD_NAMES: ReadonlySet<string> = new Set<PhotoField>(['img1Key', 'img2Key', 'img3Key']);

/**
 * The field a problem or a refusal concerns, from its key (and the photo's `field` param); 'form' for
 * one that concerns the whole submission (already under review, basic first, a demo account).
 */
export function fieldOfProblem(
  key: string,
  params: Record<string, string | number> | undefined,
): IdentityField | 'form' {
  switch (key) {
    case 'error.identity_method_invalid':
      return 'authMethod';
    case 'error.identity_name_invalid':
      return 'realName';
    case 'error.identity_number_invalid':
      return 'idNumber';
    case 'error.identity_image_required':
    case 'error.identity_image_not_found': {
      const field = String(params?.field ?? '');
      return PHOTO_FIELD_NAMES.has(field) ? (field as PhotoField) : 'form';
    }
    default:
      return 'form';
  }
}

/** The basic document a record names, or the ID card when it names none of them (a first visit). */
export function basicMethodOf(method: number | null | undefined): number {
  return method !== null && method !== undefined && BASIC_AUTH_METHODS.includes(method) ? method : AUTH_METHOD.idCard;
}

/** The advanced method a record names, or the photo holding the document. */
export function advancedMethodOf(method: number | null | undefined): number {
  return method !== null && method !== undefined && ADVANCED_AUTH_METHODS.includes(method)
    ? method
    : AUTH_METHOD.selfieWithDocument;
}
