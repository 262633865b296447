import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../../shared/trading/refusal-field';
import type { IdentityRecord } from '../api/identity-detail';
import { useIdentityApply } from '../api/identity-apply';
import {
  FIELD_ORDER,
  PHOTO_FIELDS,
  fieldOfProblem,
  fieldProblems,
  submissionOf,
  type IdentityField,
  type PhotoField,
} from '../lib/identity-form';
import { usePhotoUpload, type Photo } from './use-photo-upload';

type Photos = Record<PhotoField, Photo>;

/** A verification form as `useIdentityForm` answers it, for the parts that show it. */
export type IdentityForm = ReturnType<typeof useIdentityForm>;

/** A record's photos as the form starts with them: a rejected submission's, to send again, else none. */
function photosOf(record: IdentityRecord | null): Photos {
  const photo = (key: string | undefined): Photo => (key ? { state: 'ready', key, localUrl: null } : { state: 'none' });
  return { img1Key: photo(record?.img1Key), img2Key: photo(record?.img2Key), img3Key: photo(record?.img3Key) };
}

/**
 * A verification form's state and its sending, for either level: the method, name and number (basic),
 * the photos (uploaded as they are picked), and the problems under each field. A field's problem shows
 * once the customer has left it or tried to send; the server's refusal of a field shows under it until
 * it changes; one about the whole submission shows above the button.
 */
export function useIdentityForm(level: number, initial: { authMethod: number; record: IdentityRecord | null }) {
  const { t } = useTranslation();
  const apply = useIdentityApply();
  const uploadPhoto = usePhotoUpload();
  const [authMethod, setAuthMethod] = useState(initial.authMethod);
  const [realName, setRealName] = useState(initial.record?.realName ?? '');
  const [idNumber, setIdNumber] = useState('');
  const [photos, setPhotos] = useState<Photos>(() => photosOf(initial.record));
  const [uploadErrors, setUploadErrors] = useState<Partial<Record<PhotoField, string>>>({});
  const [touched, setTouched] = useState<ReadonlySet<IdentityField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field: IdentityField | 'form'; text: string } | null>(null);
  const fieldRefs = useRef<Partial<Record<IdentityField, HTMLElement | null>>>({});

  const keyOf = (photo: Photo) => (photo.state === 'ready' ? photo.key : '');
  const submission = submissionOf(level, {
    authMethod,
    realName,
    idNumber,
    img1Key: keyOf(photos.img1Key),
    img2Key: keyOf(photos.img2Key),
    img3Key: keyOf(photos.img3Key),
  });
  const problems = fieldProblems(submission);
  const uploading = (PHOTO_FIELDS[level] ?? []).some((field) => photos[field].state === 'working');

  const clearRefusal = (field: IdentityField) => {
    if (refusal && (refusal.field === field || refusal.field === 'form')) setRefusal(null);
  };

  /** The words under a field: the server's refusal of it, an upload's failure, or its problem once shown. */
  const errorOf = (field: IdentityField): string | null => {
    if (refusal?.field === field) return refusal.text;
    if (field === 'img1Key' || field === 'img2Key' || field === 'img3Key') {
      const failed = uploadErrors[field];
      if (failed) return failed;
      if (photos[field].state === 'working') return null;
    }
    const problem = problems[field];
    if (!problem || !(submitted || touched.has(field))) return null;
    return t(problem.key, problem.params);
  };

  const pickPhoto = async (field: PhotoField, file: File) => {
    clearRefusal(field);
    setUploadErrors((current) => ({ ...current, [field]: undefined }));
    const previous = photos[field];
    setPhotos((current) => ({ ...current, [field]: { state: 'working' } }));
    const result = await uploadPhoto(file);
    if (result.ok) {
      setPhotos((current) => ({ ...current, [field]: result.photo }));
    } else {
      // A failed replacement keeps the photo that was there.
      setPhotos((current) => ({ ...current, [field]: previous }));
      setUploadErrors((current) => ({ ...current, [field]: result.error }));
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setRefusal(null);
    if (uploading) return;
    const first = FIELD_ORDER.find((field) => problems[field]);
    if (first) {
      fieldRefs.current[first]?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    try {
      await apply.submit(submission);
      Toast.show({ content: t('identity.submitted_toast'), duration: CONSTANTS.toastDurationMs });
      document.documentElement.scrollIntoView?.({ block: 'start' });
    } catch (error) {
      // The request layer has toasted the refusal; it also stays under the field it concerns.
      const found = refusalOf(error);
      if (!found) return;
      const field = fieldOfProblem(found.key, found.params);
      setRefusal({ field, text: t(found.key, found.params) });
      if (found.key === 'error.identity_image_not_found' && field !== 'form') {
        setPhotos((current) => ({ ...current, [field]: { state: 'none' } }));
      }
    }
  };

  return {
    authMethod,
    setAuthMethod: (method: number) => {
      clearRefusal('authMethod');
      clearRefusal('idNumber');
      setAuthMethod(method);
    },
    realName,
    setRealName: (value: string) => {
      clearRefusal('realName');
      setRealName(value);
    },
    idNumber,
    setIdNumber: (value: string) => {
      clearRefusal('idNumber');
      setIdNumber(value);
    },
    /** A text field was left: its problem shows from now on (not while it is still empty). */
    leave: (field: IdentityField, value: string) => {
      if (value.trim() !== '') setTouched((current) => new Set(current).add(field));
    },
    photos,
    pickPhoto: (field: PhotoField, file: File) => void pickPhoto(field, file),
    errorOf,
    formError: refusal?.field === 'form' ? refusal.text : null,
    refOf: (field: IdentityField) => (element: HTMLElement | null) => {
      fieldRefs.current[field] = element;
    },
    submit: () => void submit(),
    sending: apply.isPending,
    uploading,
  };
}
