import englishErrors from '@kestrel/contract/english/errors.json';

/** The server's English error texts, plus the console's own (no answer at all). */
const ENGLISH: Record<string, string> = {
  ...englishErrors,
  'error.network': 'The server could not be reached. Check the connection and try again.',
};

/** Why a call failed: the server refused (code), the session ended (401), or no usable answer came. */
export type ApiErrorKind = 'refused' | 'unauthorized' | 'transport';

/** A failed call. `message` is the English text of the server's key (never the raw key). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly key: string,
    readonly params: Record<string, string | number> | undefined,
    readonly code: number,
  ) {
    super(translateError(key, params));
    this.name = 'ApiError';
  }

  /** The field a validation refusal names (`error.required`, `error.invalid_param`), if any. */
  get field(): string | undefined {
    const field = this.params?.field;
    return typeof field === 'string' ? field : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The English text of an error key, interpolated (`{{minutes}}`). A key the pack does not know is
 * turned into words rather than shown raw ("error.staff_totp_reused" -> "Staff totp reused").
 */
export function translateError(key: string, params?: Record<string, string | number>): string {
  const template = ENGLISH[key];
  if (template === undefined) {
    const words = key
      .replace(/^[a-z]+\./, '')
      .replace(/[._]+/g, ' ')
      .trim();
    const text = words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Request failed';
    return params?.field ? `${text}: ${String(params.field)}` : text;
  }
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/** The text to show for any error a hook or a call rejected with. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
