// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { testUser } from '../../../test/test-user';
import IdentityScreens from './IdentityScreens';

// jsdom has no canvas: the compression is tested on its own (lib/identity-lib.test.ts); here it answers
// a small JPEG data URL at once.
vi.mock('../lib/photo-compression', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/photo-compression')>()),
  compressDocumentPhoto: vi.fn(async (file: File) => ({
    dataUrl: `data:image/jpeg;base64,${btoa(file.name)}`,
    width: 1600,
    height: 1200,
  })),
}));

const BASIC = '/pages/user/authentication';
const ADVANCED = '/pages/user/authentication1';

const user = (accountType = 0) =>
  testUser(accountType, {
    userAccount: 'trader@example.com',
    email: 'trader@example.com',
    nickName: 'Trader',
    inviteCode: 'KESTREL1',
  });

type IdentityRecord = {
  authLevel: number;
  status: number;
  id: number | null;
  authMethod: number | null;
  realName: string;
  idNumber: string;
  img1Key: string;
  img2Key: string;
  img3Key: string;
  reason: string;
  submitTime: number | null;
  reviewTime: number | null;
};

const record = (overrides: Partial<IdentityRecord> = {}): IdentityRecord => ({
  authLevel: 0,
  status: 0,
  id: null,
  authMethod: null,
  realName: '',
  idNumber: '',
  img1Key: '',
  img2Key: '',
  img3Key: '',
  reason: '',
  submitTime: null,
  reviewTime: null,
  ...overrides,
});

const SENT_AT = new Date(2026, 0, 15, 9, 30).getTime();

interface ServerState {
  records: Record<number, IdentityRecord>;
  basicStatus?: number;
  advancedStatus?: number;
  upload?: (index: number) => Response;
  apply?: (body: Record<string, unknown>) => Response;
}

const ok = (body: Record<string, unknown>) => jsonResponse({ code: 200, msg: 'ok', ...body });

/** The identity endpoints over `state`, which a submission changes as the server would. */
function serve(state: ServerState) {
  let uploads = 0;
  return mockFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/api/userInfo/getUserInfo') return ok({ data: useSessionStore.getState().userInfo });
    if (path === '/api/userAuthRecord/detail') {
      const level = Number(new URL(url, 'http://x').searchParams.get('authLevel'));
      return ok({ data: state.records[level] });
    }
    if (path === '/api/userAuthRecord/summary') {
      return ok({
        data: {
          basicStatus: state.basicStatus ?? state.records[0]?.status ?? 0,
          advancedStatus: state.advancedStatus ?? state.records[1]?.status ?? 0,
          gates: [],
          withdrawalLimit: '1000',
        },
      });
    }
    if (path === '/api/userAuthRecord/uploadImage') {
      uploads += 1;
      return state.upload ? state.upload(uploads) : ok({ data: { key: `photo-${uploads}` } });
    }
    if (path === '/api/userAuthRecord/userAuthApply') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      if (state.apply) return state.apply(body);
      const level = Number(body.authLevel);
      state.records[level] = record({
        ...(body as Partial<IdentityRecord>),
        authLevel: level,
        status: 1,
        id: 31,
        idNumber: level === 0 ? '11**************77' : '',
        submitTime: SENT_AT,
      });
      return ok({ data: state.records[level] });
    }
    if (path.startsWith('/api/userAuthRecord/image/')) {
      return new Response('jpeg', { status: 200, headers: { 'content-type': 'image/jpeg' } });
    }
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.url.startsWith(path));

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function pick(field: 'img1Key' | 'img2Key' | 'img3Key', name = `${field}.jpg`) {
  const file = new File(['photo'], name, { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId(`identity-photo-${field}-input`), { target: { files: [file] } });
}

let objectUrls: string[];

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  objectUrls = [];
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:photo-${objectUrls.length + 1}`;
    objectUrls.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('basic verification by status', () => {
  it('none: the form with the document types, name, number and both photo slots', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({ records: { 0: record(), 1: record({ authLevel: 1 }) } });
    renderScreen(<IdentityScreens />, BASIC);
    const form = await screen.findByTestId('identity-basic-form');
    expect(within(form).getByRole('radio', { name: 'ID card' }).getAttribute('aria-checked')).toBe('true');
    expect(within(form).getByRole('radio', { name: 'Passport' })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Driving licence' })).toBeTruthy();
    expect(screen.getByText('Front of the document')).toBeTruthy();
    expect(screen.getByText('Back of the document')).toBeTruthy();
    expect(screen.getByTestId('identity-step-0').getAttribute('aria-current')).toBe('step');
    // A passport asks for its photo page and cover instead.
    fireEvent.click(screen.getByTestId('identity-method-2'));
    expect(screen.getByText('Passport photo page')).toBeTruthy();
    expect(screen.getByText('Passport cover')).toBeTruthy();
  });

  it('pending: what was sent (masked number, name, time) and the photos, read with the session', async () => {
    useSessionStore.getState().signIn('tok', user());
    const { calls } = serve({
      records: {
        0: record({
          status: 1,
          id: 4,
          authMethod: 2,
          realName: 'Amira Haddad',
          idNumber: 'E1****67',
          img1Key: 'k-front',
          img2Key: 'k-back',
          submitTime: SENT_AT,
        }),
        1: record({ authLevel: 1 }),
      },
    });
    renderScreen(<IdentityScreens />, BASIC);
    const card = await screen.findByTestId('identity-pending');
    expect(within(card).getByText('Under review')).toBeTruthy();
    expect(screen.getByTestId('identity-fact-method').textContent).toBe('Passport');
    expect(screen.getByTestId('identity-fact-name').textContent).toBe('Amira Haddad');
    expect(screen.getByTestId('identity-fact-number').textContent).toBe('E1****67');
    expect(screen.getByTestId('identity-fact-time').textContent).toBe('2026-01-15 09:30');
    expect(screen.queryByTestId('identity-basic-form')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('identity-sent-img1Key').getAttribute('src')).toMatch(/^blob:/));
    const image = callsTo(calls, '/api/userAuthRecord/image/k-front')[0];
    expect(image?.headers.Authorization).toBe('tok');
  });

  it('passed: the verified card and the way to advanced verification', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({
      records: {
        0: record({
          status: 2,
          id: 4,
          authMethod: 1,
          realName: 'Li Na',
          idNumber: '11**************77',
          submitTime: SENT_AT,
          reviewTime: SENT_AT + 3_600_000,
        }),
        1: record({ authLevel: 1 }),
      },
    });
    const { router } = renderScreen(<IdentityScreens />, BASIC, { stubPaths: [ADVANCED] });
    const card = await screen.findByTestId('identity-passed');
    expect(within(card).getByText('Identity verified')).toBeTruthy();
    expect(screen.getByTestId('identity-fact-time').textContent).toBe('2026-01-15 10:30');
    fireEvent.click(await screen.findByTestId('identity-advanced-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADVANCED));
  });

  it('rejected: the operator’s reason first, then the form again with the type, name and photos kept', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({
      records: {
        0: record({
          status: 3,
          id: 4,
          authMethod: 3,
          realName: 'Li Na',
          idNumber: 'AB****89',
          img1Key: 'k-front',
          img2Key: 'k-back',
          reason: 'The back of the licence is blurred',
        }),
        1: record({ authLevel: 1 }),
      },
    });
    renderScreen(<IdentityScreens />, BASIC);
    expect((await screen.findByTestId('identity-reason')).textContent).toBe('The back of the licence is blurred');
    expect(screen.getByTestId('identity-method-3').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('identity-name') as HTMLInputElement).value).toBe('Li Na');
    // The number is only known masked, so it is typed again.
    expect((screen.getByTestId('identity-number') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(screen.getByTestId('identity-photo-img2Key-preview').getAttribute('src')).toMatch(/^blob:/),
    );
    // The reason sits above the form.
    const reason = screen.getByTestId('identity-rejected');
    const form = screen.getByTestId('identity-basic-form');
    expect(reason.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('basic verification form', () => {
  it('shows each problem under its own field before sending, and sends nothing', async () => {
    useSessionStore.getState().signIn('tok', user());
    const { calls } = serve({ records: { 0: record(), 1: record({ authLevel: 1 }) } });
    renderScreen(<IdentityScreens />, BASIC);
    await screen.findByTestId('identity-basic-form');
    type('identity-name', 'J4ne');
    type('identity-number', '12345');
    fireEvent.click(screen.getByTestId('identity-submit'));

    expect(screen.getByTestId('identity-name-error').textContent).toBe(
      'Enter your legal name as on your document (2 to 64 characters, no digits)',
    );
    expect(screen.getByTestId('identity-number-error').textContent).toMatch(/15 or 18 digits for an ID card/);
    expect(screen.getByTestId('identity-photo-img1Key-error').textContent).toBe('Add the photo this step needs');
    expect(screen.getByTestId('identity-photo-img2Key-error').textContent).toBe('Add the photo this step needs');
    // Each error is inside its field's own frame.
    expect(
      screen.getByTestId('identity-name-error').closest('.k-field')?.contains(screen.getByTestId('identity-name')),
    ).toBe(true);
    expect(
      screen.getByTestId('identity-photo-img1Key').contains(screen.getByTestId('identity-photo-img1Key-error')),
    ).toBe(true);
    expect(callsTo(calls, '/api/userAuthRecord/userAuthApply')).toHaveLength(0);

    // Fixing a field clears its error as it is typed.
    type('identity-name', 'Jane Doe');
    expect(screen.queryByTestId('identity-name-error')).toBeNull();
  });

  it('uploads each photo, then posts the JSON body and shows the submission under review', async () => {
    useSessionStore.getState().signIn('tok', user());
    const { calls } = serve({ records: { 0: record(), 1: record({ authLevel: 1 }) } });
    renderScreen(<IdentityScreens />, BASIC);
    await screen.findByTestId('identity-basic-form');
    fireEvent.click(screen.getByTestId('identity-method-2'));
    type('identity-name', '  Amira Haddad ');
    type('identity-number', 'E1234567');
    pick('img1Key', 'front.jpg');
    pick('img2Key', 'back.jpg');
    await screen.findByTestId('identity-photo-img1Key-preview');
    await screen.findByTestId('identity-photo-img2Key-preview');

    const uploads = callsTo(calls, '/api/userAuthRecord/uploadImage');
    expect(uploads).toHaveLength(2);
    // Form-encoded like common/upload: the compressed data URL in `file`.
    expect(uploads[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(String(uploads[0]?.init.body)).get('file')).toBe(
      `data:image/jpeg;base64,${btoa('front.jpg')}`,
    );
    // The photo just uploaded shows from memory, not read back from the server.
    expect(screen.getByTestId('identity-photo-img1Key-preview').getAttribute('src')).toMatch(/^data:image\/jpeg/);

    await act(async () => {
      fireEvent.click(screen.getByTestId('identity-submit'));
    });
    await screen.findByTestId('identity-pending');
    const sent = callsTo(calls, '/api/userAuthRecord/userAuthApply');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      authMethod: 2,
      authLevel: 0,
      realName: 'Amira Haddad',
      idNumber: 'E1234567',
      img1Key: 'photo-1',
      img2Key: 'photo-2',
      img3Key: '',
    });
    expect(screen.getByTestId('identity-fact-number').textContent).toBe('11**************77');
    // The summary is asked again, so the steps and the gates follow.
    await waitFor(() => expect(callsTo(calls, '/api/userAuthRecord/summary').length).toBeGreaterThanOrEqual(2));
  });

  it('a refused upload says why under that photo, with the server’s words', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({
      records: { 0: record(), 1: record({ authLevel: 1 }) },
      upload: () => jsonResponse({ code: 500, msg: 'error.image_too_small', params: { width: 320, height: 240 } }),
    });
    renderScreen(<IdentityScreens />, BASIC);
    await screen.findByTestId('identity-basic-form');
    pick('img2Key');
    expect((await screen.findByTestId('identity-photo-img2Key-error')).textContent).toBe(
      'The image must be at least 320 x 240 pixels',
    );
    expect(screen.queryByTestId('identity-photo-img2Key-preview')).toBeNull();
    expect(screen.queryByTestId('identity-photo-img1Key-error')).toBeNull();
  });

  it('a refusal of the submission goes under the field it names', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({
      records: { 0: record(), 1: record({ authLevel: 1 }) },
      apply: () => jsonResponse({ code: 500, msg: 'error.identity_image_not_found', params: { field: 'img1Key' } }),
    });
    renderScreen(<IdentityScreens />, BASIC);
    await screen.findByTestId('identity-basic-form');
    type('identity-name', 'Jane Doe');
    type('identity-number', '110101199003077777');
    pick('img1Key');
    pick('img2Key');
    await screen.findByTestId('identity-photo-img2Key-preview');
    await act(async () => {
      fireEvent.click(screen.getByTestId('identity-submit'));
    });
    expect((await screen.findByTestId('identity-photo-img1Key-error')).textContent).toBe(
      'That photo was not found. Upload it again',
    );
    expect(screen.queryByTestId('identity-photo-img1Key-preview')).toBeNull();
    expect(screen.getByTestId('identity-photo-img2Key-preview')).toBeTruthy();
  });
});

describe('advanced verification', () => {
  it('needs basic passed: says why and leads to the basic step', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({ records: { 0: record({ status: 1 }), 1: record({ authLevel: 1 }) } });
    const { router } = renderScreen(<IdentityScreens />, ADVANCED, { stubPaths: [BASIC] });
    const notice = await screen.findByTestId('identity-basic-first');
    expect(within(notice).getByText(/Your basic verification is under review/)).toBeTruthy();
    expect(screen.queryByTestId('identity-advanced-form')).toBeNull();
    fireEvent.click(screen.getByTestId('identity-go-basic'));
    await waitFor(() => expect(router.state.location.pathname).toBe(BASIC));
  });

  it('with basic passed: one photo by the method chosen, posted as level 1', async () => {
    useSessionStore.getState().signIn('tok', user());
    const { calls } = serve({ records: { 0: record({ status: 2 }), 1: record({ authLevel: 1 }) } });
    renderScreen(<IdentityScreens />, ADVANCED);
    await screen.findByTestId('identity-advanced-form');
    expect(screen.getByText('You holding your document')).toBeTruthy();
    fireEvent.click(screen.getByTestId('identity-method-5'));
    expect(screen.getAllByText('Proof of address').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('identity-submit'));
    expect(screen.getByTestId('identity-photo-img3Key-error').textContent).toBe('Add the photo this step needs');

    pick('img3Key', 'bill.jpg');
    await screen.findByTestId('identity-photo-img3Key-preview');
    await act(async () => {
      fireEvent.click(screen.getByTestId('identity-submit'));
    });
    await screen.findByTestId('identity-pending');
    expect(JSON.parse(String(callsTo(calls, '/api/userAuthRecord/userAuthApply')[0]?.init.body))).toEqual({
      authMethod: 5,
      authLevel: 1,
      realName: '',
      idNumber: '',
      img1Key: '',
      img2Key: '',
      img3Key: 'photo-1',
    });
  });

  it('rejected: the reason and the form with the method and photo kept', async () => {
    useSessionStore.getState().signIn('tok', user());
    serve({
      records: {
        0: record({ status: 2 }),
        1: record({
          authLevel: 1,
          status: 3,
          id: 9,
          authMethod: 5,
          img3Key: 'k-bill',
          reason: 'The bill is older than 3 months',
        }),
      },
    });
    renderScreen(<IdentityScreens />, ADVANCED);
    expect((await screen.findByTestId('identity-reason')).textContent).toBe('The bill is older than 3 months');
    expect(screen.getByTestId('identity-method-5').getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByTestId('identity-photo-img3Key-preview')).toBeTruthy();
  });
});

describe('who sees the screens', () => {
  it('a demo account: verification belongs to the real account; nothing of it is asked', async () => {
    useSessionStore.getState().signIn('tok', user(2));
    const { calls } = serve({ records: { 0: record(), 1: record({ authLevel: 1 }) } });
    const { router } = renderScreen(<IdentityScreens />, BASIC, { stubPaths: ['/pages/user/accountDetail'] });
    expect(await screen.findByTestId('identity-demo-notice')).toBeTruthy();
    expect(screen.queryByTestId('identity-basic-form')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/userAuthRecord/'))).toBe(false);
    fireEvent.click(screen.getByTestId('identity-demo-wallet'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/accountDetail'));
  });

  it('logged out: the login page, back here after', async () => {
    serve({ records: {} });
    const { router } = renderScreen(<IdentityScreens />, ADVANCED, { stubPaths: ['/pages/user/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent(ADVANCED)}`);
  });
});
