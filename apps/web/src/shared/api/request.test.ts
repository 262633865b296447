// @vitest-environment jsdom
import { account, launch, market } from '@kestrel/contract/web';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { resetAppState } from '../../test/reset-app-state';
import { useSessionStore } from '../store/session';
import { useSettingsStore } from '../store/settings';
import { call } from './call';
import { request } from './request';
import { RequestError } from './request-error';
import { setRequestEffects } from './request-effects';

const demoUser = {
  id: 7,
  userAccount: 'demo@kestrel.local',
  email: 'demo@kestrel.local',
  phone: null,
  areaCode: null,
  nickName: 'Demo',
  avatar: '',
  accountType: 2,
  inviteCode: 'KESTREL1',
  createTime: 1,
};

let toast: ReturnType<typeof vi.fn<(text: string) => void>>;

beforeEach(() => {
  resetAppState();
  toast = vi.fn<(text: string) => void>();
  setRequestEffects({ toast });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

const get = { method: 'GET' as const, path: '/api/siteInfo/getSiteInfo' };

describe('SPEC §8 error catalogue', () => {
  it('code 200 resolves with the envelope and shows nothing', async () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { siteName: 'Kestrel' } }));
    await expect(request(get)).resolves.toMatchObject({ code: 200, data: { siteName: 'Kestrel' } });
    expect(toast).not.toHaveBeenCalled();
  });

  it('msg hint_48 is passed through to the caller, whatever the code', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: 'hint_48', data: { step: 'verify' } }));
    await expect(request(get)).resolves.toMatchObject({ code: 500, msg: 'hint_48', data: { step: 'verify' } });
    expect(toast).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });

  it('call() hands hint_48 to the caller as a non-quiet rejection of kind hint', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: 'hint_48' }));
    const error = await failure(call(launch.getSiteInfo));
    expect(error).toMatchObject({ kind: 'hint', message: 'hint_48', quiet: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('code 401 clears the token and user info, then goes to login', async () => {
    useSessionStore.getState().signIn('secret-token', demoUser);
    expect(window.localStorage.getItem('token')).toBe('secret-token');
    mockFetch(() => jsonResponse({ code: 401, msg: 'error.not_logged_in' }));

    const error = await failure(request(get));

    expect(error).toMatchObject({ kind: 'code', code: 401, quiet: true });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userInfo')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, userInfo: null });
    expect(window.location.hash).toBe('#/pages/user/login');
    expect(toast).not.toHaveBeenCalled();
  });

  it('code 209 is silent', async () => {
    mockFetch(() => jsonResponse({ code: 209, msg: 'quiet please' }));
    const error = await failure(request({ ...get, catchErrors: true }));
    expect(error).toMatchObject({ kind: 'code', code: 209, quiet: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('code 500 toasts the translated msg with params substituted, then stops', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: 'error.account_locked', params: { minutes: 15 } }));
    const error = await failure(request(get));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('Account locked, try again in 15 min');
    expect(error).toMatchObject({ code: 500, message: 'error.account_locked', params: { minutes: 15 }, quiet: true });
  });

  it('code 500 that the screen shows under a field: no toast, a non-quiet rejection with key and params', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: 'error.required', params: { field: 'bankNo' } }));
    const seen: unknown[] = [];
    const showsRefusal = (msg: string, params: Record<string, string | number> | undefined) => {
      seen.push([msg, params]);
      return msg === 'error.required';
    };
    const error = await failure(request({ ...get, showsRefusal }));
    expect(error).toMatchObject({ code: 500, message: 'error.required', params: { field: 'bankNo' }, quiet: false });
    expect(seen).toEqual([['error.required', { field: 'bankNo' }]]);
    expect(toast).not.toHaveBeenCalled();

    // A refusal the screen does not claim is still a toast.
    mockFetch(() => jsonResponse({ code: 500, msg: 'error.bank_card_limit', params: { max: 5 } }));
    expect(await failure(request({ ...get, showsRefusal }))).toMatchObject({ quiet: true });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('code 500 in another language uses that language', async () => {
    const { i18n } = await import('../i18n/i18n');
    i18n.addResourceBundle('de', 'translation', { 'error.not_found': 'Nicht gefunden' }, true, true);
    await i18n.changeLanguage('de');
    try {
      mockFetch(() => jsonResponse({ code: 500, msg: 'error.not_found' }));
      await failure(request(get));
      expect(toast).toHaveBeenCalledWith('Nicht gefunden');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('other codes are silent unless the call asked to catch errors', async () => {
    mockFetch(() => jsonResponse({ code: 601, msg: 'warning.something', params: { n: 1 } }));
    const silent = await failure(request(get));
    expect(silent).toMatchObject({ kind: 'code', code: 601, quiet: true });

    const caught = await failure(request({ ...get, catchErrors: true }));
    expect(caught).toMatchObject({
      kind: 'code',
      code: 601,
      message: 'warning.something',
      params: { n: 1 },
      quiet: false,
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('a transport error containing "timeout" shows Request timeout', async () => {
    mockFetch(() => Promise.reject(new TypeError('network timeout at: /api/siteInfo/getSiteInfo')));
    const error = await failure(request(get));
    expect(toast).toHaveBeenCalledWith('Request timeout');
    expect(error).toMatchObject({ kind: 'transport', message: 'request.timeout', quiet: true });
  });

  it('any other transport error shows Interface exception', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(request(get));
    expect(toast).toHaveBeenCalledWith('Interface exception, please try again later');
    expect(error).toMatchObject({ kind: 'transport', message: 'request.interface_exception' });
  });

  it('an unreadable answer is an interface exception', async () => {
    mockFetch(() => new Response('<html>gateway</html>', { status: 200 }));
    await failure(request(get));
    expect(toast).toHaveBeenCalledWith('Interface exception, please try again later');
  });

  it('HTTP 413 toasts the envelope msg', async () => {
    mockFetch(() => jsonResponse({ code: 413, msg: 'error.body_too_large' }, 413));
    const error = await failure(request({ method: 'POST', path: '/api/userInfo/login', body: { userAccount: 'x' } }));
    expect(toast).toHaveBeenCalledWith('Request is too large');
    expect(error).toMatchObject({ kind: 'http', status: 413, quiet: true });
  });

  it('HTTP 429 toasts the envelope msg with its params', async () => {
    mockFetch(() => jsonResponse({ code: 429, msg: 'error.code_resend_too_soon', params: { seconds: 42 } }, 429));
    const error = await failure(request(get));
    expect(toast).toHaveBeenCalledWith('Please wait 42s before requesting a new code');
    expect(error).toMatchObject({ kind: 'http', status: 429 });
  });

  it('any other HTTP status is an interface exception', async () => {
    mockFetch(() => jsonResponse({ code: 503, msg: 'overloaded' }, 503));
    const error = await failure(request(get));
    expect(toast).toHaveBeenCalledWith('Interface exception, please try again later');
    expect(error).toMatchObject({ kind: 'http', status: 503 });
  });

  it("a caller's cancellation shows nothing", async () => {
    mockFetch(hangingFetch);
    const controller = new AbortController();
    const pending = request({ ...get, signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'aborted', quiet: true });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('SPEC §7 headers', () => {
  it('sends Accept-Language (the stored locale code), LanguageId, Authorization and the form content type', async () => {
    useSessionStore.getState().signIn('token-123', demoUser);
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: {} }));
    await request(get);
    expect(calls[0]?.headers).toEqual({
      'Accept-Language': 'en',
      LanguageId: '2',
      Authorization: 'token-123',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  });

  it.each([
    ['zh', '1'],
    ['tc', '3'],
    ['idn', '7'],
    ['jp', '8'],
    ['rus', '14'],
    ['blr', '15'],
    ['ida', '16'],
    ['sa', '17'],
    ['ar', '18'],
  ] as const)('locale %s sends its stored code, not a BCP 47 tag, and id %s', async (locale, id) => {
    useSettingsStore.setState({ locale });
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await request(get);
    expect(calls[0]?.headers['Accept-Language']).toBe(locale);
    expect(calls[0]?.headers.LanguageId).toBe(id);
  });

  it('leaves Authorization out when nobody is logged in', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await request(get);
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });
});

describe('SPEC §7 time-out: 60 s until the first response, then 10 s', () => {
  it('waits 60 s for the first answer of the session', async () => {
    vi.useFakeTimers();
    mockFetch(hangingFetch);
    const pending = failure(request(get));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'transport', message: 'request.timeout' });
    expect(toast).toHaveBeenCalledWith('Request timeout');
  });

  it('waits only 10 s once a response has arrived', async () => {
    vi.useFakeTimers();
    let answered = false;
    mockFetch((url, init) => {
      if (answered) return hangingFetch(url, init);
      answered = true;
      return jsonResponse({ code: 200, msg: 'ok' });
    });
    await request(get);
    const pending = failure(request(get));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ message: 'request.timeout' });
  });

  it('counts an error answer as the first response too', async () => {
    vi.useFakeTimers();
    let answered = false;
    mockFetch((url, init) => {
      if (answered) return hangingFetch(url, init);
      answered = true;
      return jsonResponse({ code: 209, msg: 'silent' });
    });
    await failure(request(get));
    const pending = failure(request(get));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ message: 'request.timeout' });
  });
});

describe('call(): driven by the contract endpoint', () => {
  it('GET puts the query in the URL and unwraps rows and total', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', rows: [{ id: 1 }], total: 9 }));
    const answer = await call(market.stockProductList, { query: { pageNum: 2, pageSize: 20, keyWords: 'a b' } });
    expect(answer).toEqual({ rows: [{ id: 1 }], total: 9 });
    expect(calls[0]?.url).toBe('/api/stockProduct/list?pageNum=2&pageSize=20&keyWords=a+b');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('unwraps data answers', async () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { isSetWithPwd: 1 } }));
    await expect(call(account.isSetWithPwd)).resolves.toEqual({ isSetWithPwd: 1 });
  });

  it('POSTs form-encoded bodies by default', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await expect(
      call(market.watchlistDelete, { body: { productCode: 'X:BTCUSD', productType: 2 } }),
    ).resolves.toBeUndefined();
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.init.body).toBe('productCode=X%3ABTCUSD&productType=2');
  });

  it('POSTs JSON for endpoints whose contract says bodyEncoding json (the watchlist add)', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok' }));
    await call(market.watchlistAdd, { body: { productCode: 'AAPL', productType: 1, productId: 3 } });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ productCode: 'AAPL', productType: 1, productId: 3 });
  });

  it('leaves undefined fields out of forms and queries', async () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: { resendAfterSeconds: 60 } }));
    await call(account.register, {
      body: { userAccount: 'a@b.co', userPwd: 'abc12345', inviteCode: undefined, yzmCode: '123456', regType: 1 },
    });
    expect(calls[0]?.init.body).toBe('userAccount=a%40b.co&userPwd=abc12345&yzmCode=123456&regType=1');
  });
});
