import { isRequestError } from '../../../shared/api/request-error';
import type { Refusal } from './timeline';

/**
 * Why a send or an upload failed, to show under the composer and on the failed message: the server's
 * refusal (a language key with its parameters: too fast, too long, not an image...), or the
 * connection. The request layer has already said it in a toast; the chat keeps it in view.
 */
export function failureOf(error: unknown): Refusal {
  if (isRequestError(error)) {
    if ((error.kind === 'code' || error.kind === 'http') && /^[a-z]+\.[a-z0-9_.]+$/i.test(error.message)) {
      return { key: error.message, params: error.params };
    }
    if (error.kind === 'transport') return { key: 'support.not_sent_connection' };
  }
  return { key: 'support.not_sent' };
}
