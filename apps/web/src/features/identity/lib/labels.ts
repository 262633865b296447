import { identity } from '@kestrel/contract/web';
import { AUTH_METHOD } from '@kestrel/domain';
import type { DocumentMark, PhotoKind } from '../components/Illustrations';
import type { PhotoField } from './identity-form';

/** Each method's name (the language key), its mark, and for advanced ones the line under it. */
export const METHODS: Readonly<Record<number, { name: string; mark: DocumentMark; hint?: string }>> = {
  [AUTH_METHOD.idCard]: { name: 'identity.method_id_card', mark: 'idCard' },
  [AUTH_METHOD.passport]: { name: 'identity.method_passport', mark: 'passport' },
  [AUTH_METHOD.drivingLicence]: { name: 'identity.method_driving_licence', mark: 'licence' },
  [AUTH_METHOD.selfieWithDocument]: {
    name: 'identity.method_selfie',
    mark: 'selfie',
    hint: 'identity.method_selfie_hint',
  },
  [AUTH_METHOD.proofOfAddress]: {
    name: 'identity.method_address',
    mark: 'address',
    hint: 'identity.method_address_hint',
  },
};

/** The name of a record's method, or null when it has none the app knows. */
export function methodNameKey(method: number | null | undefined): string | null {
  return method === null || method === undefined ? null : (METHODS[method]?.name ?? null);
}

/** What a photo slot asks for under a method: its caption (the language key) and its picture. */
export function photoSlotOf(method: number, field: PhotoField): { caption: string; art: PhotoKind } {
  if (field === 'img3Key') {
    return method === AUTH_METHOD.proofOfAddress
      ? { caption: 'identity.photo_address', art: 'address' }
      : { caption: 'identity.photo_selfie', art: 'selfie' };
  }
  if (method === AUTH_METHOD.passport) {
    return field === 'img1Key'
      ? { caption: 'identity.photo_passport_page', art: 'passportPage' }
      : { caption: 'identity.photo_passport_cover', art: 'passportCover' };
  }
  return field === 'img1Key'
    ? { caption: 'identity.photo_front', art: 'front' }
    : { caption: 'identity.photo_back', art: 'back' };
}

/** A level's status as a chip: Not started, Under review, Verified, Rejected. */
export const STATUS_CHIPS: Readonly<
  Record<number, { key: string; tone: 'neutral' | 'warning' | 'success' | 'danger' } | undefined>
> = {
  [identity.IDENTITY_STATUS.none]: { key: 'identity.status_none', tone: 'neutral' },
  [identity.IDENTITY_STATUS.pending]: { key: 'identity.status_pending', tone: 'warning' },
  [identity.IDENTITY_STATUS.passed]: { key: 'identity.status_passed', tone: 'success' },
  [identity.IDENTITY_STATUS.rejected]: { key: 'identity.status_rejected', tone: 'danger' },
};
