import type { ToastShowProps } from 'antd-mobile/es/components/toast';

type ToastApi = (typeof import('antd-mobile/es/components/toast'))['default'];

let loading: Promise<ToastApi> | null = null;

/**
 * antd-mobile's Toast, loaded on first use: the request layer and the red dot can toast from the first
 * screen, but the toast's code (mask, spinner, icons) is not needed to draw it. The app root preloads
 * it soon after start (app/routes.tsx preloadTabsAndFallbacks), so a toast is rarely kept waiting.
 */
export function loadToast(): Promise<ToastApi> {
  loading ??= import('antd-mobile/es/components/toast').then((module) => module.default);
  return loading;
}

/** Shows a toast as soon as its code is here (at once after the preload). */
export function showToast(options: ToastShowProps): void {
  void loadToast().then((toast) => toast.show(options));
}
