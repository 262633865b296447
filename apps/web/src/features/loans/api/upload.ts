import { funding } from '@kestrel/contract/web';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';

/** `common/upload`: an image (a data URL, already compressed); answers where it is served and its key. */
export function useUpload() {
  return useMutation({
    mutationFn: (dataUrl: string) => call(funding.upload, { body: { file: dataUrl } }),
  });
}
