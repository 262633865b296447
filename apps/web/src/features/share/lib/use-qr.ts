import { useEffect, useState } from 'react';
import { qrMatrixOf, type QrMatrix } from './qr';

export type QrState = { state: 'loading' } | { state: 'ready'; matrix: QrMatrix } | { state: 'failed' };

/** The QR code of `text`, computed once the encoder has loaded; `retry` tries again after a failure. */
export function useQrMatrix(text: string): { qr: QrState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [qr, setQr] = useState<QrState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setQr({ state: 'loading' });
    qrMatrixOf(text).then(
      (matrix) => current && setQr({ state: 'ready', matrix }),
      () => current && setQr({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [text, attempt]);
  return { qr, retry: () => setAttempt((count) => count + 1) };
}
