import { useEffect, useState } from 'react';
import { errorText } from '../api/errors';

/**
 * What an operator's form shows while its call runs: busy until it ends, then the refusal's text
 * (kept to show in the form, which stays open) or nothing. The text is forgotten each time the form
 * opens again.
 */
export function useSubmission(open: boolean) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
