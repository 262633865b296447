import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHomePath } from '../layouts/use-layout-paths';

/**
 * Back, or home when the screen was opened directly (a shared link, a reload): react-router keeps the
 * position in this session's history as `idx`, which is 0 on the first entry. Home is the layout the
 * operator chose.
 */
export function useGoBack(fallback?: string): () => void {
  const navigate = useNavigate();
  const homePath = useHomePath();
  const target = fallback ?? homePath;
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) navigate(-1);
    else navigate(target, { replace: true });
  }, [navigate, target]);
}
