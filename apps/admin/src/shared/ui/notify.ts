import { App } from 'antd';
import { errorText } from '../api/errors';

/** Success and failure toasts of an action, in the app's antd context. */
export function useNotify() {
  const { message } = App.useApp();
  return {
    done: (text: string) => void message.success(text),
    failed: (error: unknown) => void message.error(errorText(error)),
  };
}
