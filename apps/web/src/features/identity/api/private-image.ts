import { useEffect, useState } from 'react';
import { requestHeaders } from '../../../shared/api/headers';
import { currentBaseUrl } from '../../../shared/api/lines';
import { useSessionStore } from '../../../shared/store/session';
import { useSettingsStore } from '../../../shared/store/settings';

/**
 * Where the owner reads a document photo (the contract's header comment in endpoints/identity.ts): an
 * image answer, not an envelope, so it has no route descriptor of its own.
 */
export const identityImagePath = (key: string): string => `/api/userAuthRecord/image/${encodeURIComponent(key)}`;

export type PrivateImage = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

/**
 * A document photo, which only its owner may read: fetched with the request layer's headers (the
 * session's Authorization among them) as a blob and shown through an object URL, revoked when the photo
 * changes or leaves the page. Not cached: a private document is not kept once it is off screen.
 */
export function usePrivateImage(key: string): PrivateImage {
  const token = useSessionStore((state) => state.token);
  const locale = useSettingsStore((state) => state.locale);
  const [image, setImage] = useState<PrivateImage>({ state: 'loading' });

  useEffect(() => {
    if (key === '' || token === null || typeof URL.createObjectURL !== 'function') {
      setImage({ state: 'failed' });
      return undefined;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setImage({ state: 'loading' });
    fetch(`${currentBaseUrl()}${identityImagePath(key)}`, {
      method: 'GET',
      headers: requestHeaders({ locale, token, encoding: 'form' }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith('image/')) throw new Error(`image ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ state: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setImage({ state: 'failed' });
      });
    return () => {
      controller.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [key, token, locale]);

  return image;
}
