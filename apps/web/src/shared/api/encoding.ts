/** Turns query and form values into `a=1&b=x`; undefined and null fields are left out, not sent as "undefined". */
export function encodeParameters(values: object | undefined): string {
  if (!values) return '';
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    parameters.append(name, String(value));
  }
  return parameters.toString();
}

export function withQuery(url: string, query: object | undefined): string {
  const encoded = encodeParameters(query);
  if (encoded === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${encoded}`;
}

export type BodyEncoding = 'form' | 'json';

export const CONTENT_TYPES: Record<BodyEncoding, string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
};

export function encodeBody(body: object | undefined, encoding: BodyEncoding): string | undefined {
  if (body === undefined) return undefined;
  return encoding === 'json' ? JSON.stringify(body) : encodeParameters(body);
}
