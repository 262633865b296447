import { CONSTANTS } from '@kestrel/contract/web';
import { i18n } from '../i18n/i18n';
import { loginFrom, PATHS } from '../paths';
import { showToast } from '../ui/toast';
import { useSessionStore } from '../store/session';
import { currentPath, currentRoute, navigateTo } from './navigation';

/**
 * What the request layer does to the outside world when the error catalogue says so. Kept in one
 * object so tests can watch it and so the layer itself stays free of UI code.
 */
export interface RequestEffects {
  toast: (text: string) => void;
  translate: (key: string, params?: Record<string, string | number>) => string;
  /** Code 401: forget the session and open the login page. */
  endSession: () => void;
}

const defaultEffects: RequestEffects = {
  toast: (text) => {
    showToast({ content: text, duration: CONSTANTS.toastDurationMs });
  },
  translate: (key, params) => i18n.t(key, params ?? {}),
  endSession: () => {
    useSessionStore.getState().signOut();
    // Back to this screen after logging in again (an expired session mid-task keeps the task).
    if (currentPath() !== PATHS.login) navigateTo(loginFrom(currentRoute()));
  },
};

let effects: RequestEffects = defaultEffects;

export function requestEffects(): RequestEffects {
  return effects;
}

/** Tests replace some effects; pass nothing to restore the defaults. */
export function setRequestEffects(overrides?: Partial<RequestEffects>): void {
  effects = overrides ? { ...defaultEffects, ...overrides } : defaultEffects;
}
