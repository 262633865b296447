import { identity } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/**
 * `userAuthRecord/uploadImage`: a document photo (a JPEG data URL, already compressed), form-encoded as
 * `common/upload` is; kept private with its metadata removed. Answers the key a submission names.
 */
export function useUploadIdentityImage() {
  return useMutation({
    mutationFn: (dataUrl: string) => call(identity.userAuthUploadImage, { body: { file: dataUrl } }),
  });
}
