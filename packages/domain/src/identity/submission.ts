import { isIdCardNumber } from '../validators';
import { problem, type Problem } from '../problem';

/**
 * Identity verification: what a submission must hold (issue 14). The server refuses with these
 * problems and the verification screens show the same ones under the field before sending.
 */

export const IDENTITY_LEVEL = { basic: 0, advanced: 1 } as const;
export type IdentityLevel = (typeof IDENTITY_LEVEL)[keyof typeof IDENTITY_LEVEL];

/**
 * The document of a basic verification: 1 national ID card (SPEC §5: 15 or 18 digits), 2 passport,
 * 3 driving licence (6 to 20 letters and digits). An advanced verification's method: 4 a photo holding
 * the document, 5 a proof of address.
 */
export const AUTH_METHOD = {
  idCard: 1,
  passport: 2,
  drivingLicence: 3,
  selfieWithDocument: 4,
  proofOfAddress: 5,
} as const;
export const BASIC_AUTH_METHODS: readonly number[] = [AUTH_METHOD.idCard, AUTH_METHOD.passport, AUTH_METHOD.drivingLicence];
export const ADVANCED_AUTH_METHODS: readonly number[] = [AUTH_METHOD.selfieWithDocument, AUTH_METHOD.proofOfAddress];

/** A legal name's length in characters (code points). */
export const REAL_NAME_LENGTH = { min: 2, max: 64 } as const;

export interface IdentitySubmission {
  authMethod: number;
  authLevel: number;
  idNumber: string;
  realName: string;
  img1Key: string;
  img2Key: string;
  img3Key: string;
}

export type IdentityProblemCode =
  | 'identity_method_invalid'
  | 'identity_name_invalid'
  | 'identity_number_invalid'
  | 'identity_image_required';

/** The document number rule of a basic method: SPEC's ID card rule, else 6 to 20 letters and digits. */
export function isDocumentNumber(authMethod: number, text: string): boolean {
  if (authMethod === AUTH_METHOD.idCard) return isIdCardNumber(text);
  return /^[A-Za-z0-9]{6,20}$/.test(text);
}

/** Letters of any script, marks, spaces, dots, apostrophes and hyphens; no digits or control characters. */
export function isRealName(text: string): boolean {
  const length = [...text].length;
  if (length < REAL_NAME_LENGTH.min || length > REAL_NAME_LENGTH.max) return false;
  return /^[\p{L}\p{M}][\p{L}\p{M} .'’·-]*$/u.test(text);
}

/** The first problem of a submission, in the order the form shows its fields, or null. Input is trimmed. */
export function checkIdentitySubmission(input: IdentitySubmission): Problem<IdentityProblemCode> | null {
  if (input.authLevel === IDENTITY_LEVEL.basic) {
    if (!BASIC_AUTH_METHODS.includes(input.authMethod)) return problem('identity_method_invalid');
    if (!isRealName(input.realName))
      return problem('identity_name_invalid', { min: REAL_NAME_LENGTH.min, max: REAL_NAME_LENGTH.max });
    if (!isDocumentNumber(input.authMethod, input.idNumber)) return problem('identity_number_invalid');
    if (input.img1Key === '') return problem('identity_image_required', { field: 'img1Key' });
    if (input.img2Key === '') return problem('identity_image_required', { field: 'img2Key' });
    return null;
  }
  if (input.authLevel === IDENTITY_LEVEL.advanced) {
    if (!ADVANCED_AUTH_METHODS.includes(input.authMethod)) return problem('identity_method_invalid');
    if (input.img3Key === '') return problem('identity_image_required', { field: 'img3Key' });
    return null;
  }
  return problem('identity_method_invalid');
}

/** An identity document number as a customer sees their own: the first two and last two characters. */
export function maskDocumentNumber(text: string): string {
  if (text.length <= 4) return '*'.repeat(text.length);
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`;
}
