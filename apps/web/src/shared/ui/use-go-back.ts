import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../paths';

/**
 * Back, or home when the screen was opened directly (a shared link, a reload): react-router keeps the
 * position in this session's history as `idx`, which is 0 on the first entry.
 */
export function useGoBack(fallback: string = PATHS.home): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
