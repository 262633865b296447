/**
 * A minimal client of the public HTTP API, as any customer's program would use it: form-encoded POSTs,
 * the envelope, a token, an Idempotency-Key per order action.
 */
import { randomUUID } from 'node:crypto';

export interface Envelope<Data = unknown> {
  code: number;
  msg: string;
  params?: Record<string, string | number>;
  data?: Data;
  rows?: Data extends readonly (infer Row)[] ? Row[] : unknown[];
  total?: number;
}

/** A refusal or a failure of the API, with the envelope's key. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
  ) {
    super(`${code} ${key}`);
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

export class ApiClient {
  private token: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly account: string,
    private readonly password: string,
  ) {}

  async login(): Promise<void> {
    const answer = await this.send<{ token: string }>('POST', '/api/userInfo/login', {
      userAccount: this.account,
      userPwd: this.password,
    });
    this.token = answer.data!.token;
  }

  async get<Data>(path: string, query: Record<string, string | number> = {}): Promise<Envelope<Data>> {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return this.authorized<Data>('GET', `${path}?${search.toString()}`);
  }

  /** An order action: sent with a fresh Idempotency-Key. */
  async post<Data>(path: string, body: Record<string, string | number>): Promise<Envelope<Data>> {
    return this.authorized<Data>('POST', path, body, { 'idempotency-key': randomUUID() });
  }

  private async authorized<Data>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, string | number>,
    headers: Record<string, string> = {},
  ): Promise<Envelope<Data>> {
    if (!this.token) await this.login();
    try {
      return await this.send<Data>(method, path, body, headers);
    } catch (error) {
      // An expired session: log in again once.
      if (!(error instanceof ApiError) || error.code !== 401) throw error;
      await this.login();
      return this.send<Data>(method, path, body, headers);
    }
  }

  private async send<Data>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, string | number>,
    headers: Record<string, string> = {},
  ): Promise<Envelope<Data>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: this.token } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: body
        ? new URLSearchParams(
            Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
          ).toString()
        : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new ApiError(response.status, `http.${response.status}`);
    const envelope = (await response.json()) as Envelope<Data>;
    if (envelope.code !== 200) throw new ApiError(envelope.code, envelope.msg);
    return envelope;
  }
}
