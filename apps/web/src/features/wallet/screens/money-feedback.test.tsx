// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { useHideAmounts } from '../lib/hide-amounts';
import { SHOW_ZERO_BALANCES_STORAGE_KEY, useZeroBalances } from '../lib/zero-balances';
import BindBankCardScreen from './BindBankCardScreen';
import StatementScreen from './StatementScreen';
import WalletScreen from './WalletScreen';
import WithdrawScreen from './WithdrawScreen';

/*
 * Issue 17's findings on the money screens, as a newcomer meets them: an empty wallet, zero rows, the
 * statement's both-sides bookings and raw tick ids, refusals hidden in toasts over the field, and the
 * bank card form without a word of guidance.
 */

const customer = (accountType: number) => ({
  id: 7,
  userAccount: 'new@kestrel.local',
  email: 'new@kestrel.local',
  phone: null,
  areaCode: null,
  nickName: 'New trader',
  avatar: '',
  accountType,
  inviteCode: 'KESTREL1',
  createTime: 0,
});

const CURRENCIES = [
  { id: 3, currencyName: 'USDT', currencyType: 1, walletAddressType: 'TRC20', currencyImg: '', scale: 8, sort: 1 },
  { id: 4, currencyName: 'BTC', currencyType: 1, walletAddressType: 'BTC', currencyImg: '', scale: 8, sort: 2 },
  { id: 6, currencyName: 'SOL', currencyType: 1, walletAddressType: 'SOL', currencyImg: '', scale: 8, sort: 6 },
];

const row = (currencyId: number, currencyName: string, userAmt: string, USDTValue = '0.00000000') => ({
  currencyId,
  currencyName,
  currencyImg: '',
  userAmt,
  USDTValue,
  marginAmount: '0.00000000',
  frozenAmount: '0.00000000',
  rateMissing: false,
});

const ok = (data: unknown) => jsonResponse({ code: 200, msg: 'ok', data });
const rows = (list: unknown[]) => jsonResponse({ code: 200, msg: 'ok', rows: list, total: list.length });

function serve(routes: Record<string, () => Response>, onCall?: (url: string, init: RequestInit) => Response | null) {
  return mockFetch((url, init) => {
    const special = onCall?.(url, init);
    if (special) return special;
    const answer = routes[url.split('?')[0] ?? ''];
    return answer ? answer() : jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

const panel = (total: string) =>
  ok({
    userBalanceConvert: total,
    allMarginAmount: '0',
    profitAndLose: '0',
    profitAndLoseToday: '0',
    fastTradeWin: 0,
    fastTradeLose: 0,
  });

let toast: ReturnType<typeof vi.fn<(text: string) => void>>;
/** What was toasted, less the "Not found" of calls these tests do not serve (the identity gate's). */
const toasted = () => toast.mock.calls.map(([text]) => text).filter((text) => text !== 'Not found');

beforeEach(() => {
  resetAppState();
  toast = vi.fn<(text: string) => void>();
  setRequestEffects({ toast });
  useHideAmounts.setState({ hidden: false });
  useZeroBalances.setState({ shown: false });
  useSwitchSetStore.setState({ rows: [] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wallet: a new customer', () => {
  it('every balance zero: one empty state at the top with demo funds and deposit, no list of 0.00 rows', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: customer(0) });
    serve({
      '/api/platformCurrency/list': () => rows(CURRENCIES),
      '/api/userInfo/personCenterPanelData': () => panel('0.00000000'),
      '/api/userInfo/userBalanceConvert': () =>
        ok([row(3, 'USDT', '0.00000000'), row(4, 'BTC', '0.00000000'), row(6, 'SOL', '0.00000000')]),
    });
    const { router } = renderScreen(<WalletScreen />, '/pages/user/accountDetail', {
      stubPaths: ['/pages/user/recharge'],
    });
    const empty = await screen.findByTestId('wallet-empty');
    expect(empty.textContent).toContain('Your wallet is empty');
    expect(within(empty).getByTestId('wallet-empty-demo').textContent).toBe('Try with demo funds');
    // At the top: before the balance card.
    expect(
      empty.compareDocumentPosition(screen.getByTestId('wallet-total')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByTestId('wallet-balance-USDT')).toBeNull();
    expect(screen.getByTestId('wallet-no-balances')).toBeTruthy();
    // The invitation further down is not repeated.
    expect(screen.queryByText('Practise with demo funds')).toBeNull();
    fireEvent.click(within(empty).getByTestId('wallet-empty-deposit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/recharge'));
  });

  it('lists only what is held; "Show zero balances" brings the rest back and is remembered', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: customer(0) });
    serve({
      '/api/platformCurrency/list': () => rows(CURRENCIES),
      '/api/userInfo/personCenterPanelData': () => panel('1.00000000'),
      '/api/userInfo/userBalanceConvert': () =>
        ok([row(3, 'USDT', '1.00000000', '1.00000000'), row(4, 'BTC', '0.00000000'), row(6, 'SOL', '0.00000000')]),
    });
    renderScreen(<WalletScreen />);
    await screen.findByTestId('wallet-balance-USDT');
    expect(screen.queryByTestId('wallet-empty')).toBeNull();
    expect(screen.queryByTestId('wallet-balance-BTC')).toBeNull();
    const toggle = screen.getByTestId('wallet-zero-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // A zero coin reads 0.00, not 0.00000000.
    const btc = screen.getByTestId('wallet-balance-BTC');
    expect(btc.querySelector('[data-testid="balance-available"]')?.textContent).toBe('0.00');
    expect(window.localStorage.getItem(SHOW_ZERO_BALANCES_STORAGE_KEY)).toBe('1');
  });
});

const STATEMENT_LINE = {
  time: new Date(2026, 10, 22, 23, 10, 4).getTime(),
  referenceType: 'fast_trade',
  referenceId: '41',
  actorType: 'system',
  actorId: 'fast-trade-settlement',
  memo: '',
  tickSource: 'simulator',
  currencyId: 3,
  currencyName: 'USDT',
  hash: 'a'.repeat(64),
};

describe('statement', () => {
  it('shows a won fast trade as one line with its net gain, the tick in words, the postings behind a tap', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: customer(0) });
    const tickId = `X:BTCUSD#1156@${STATEMENT_LINE.time}`;
    serve({
      '/api/platformCurrency/list': () => rows(CURRENCIES),
      '/api/userAccountRecord/list': () =>
        rows([
          {
            ...STATEMENT_LINE,
            entryId: 9,
            reasonCode: 'fast_trade.won',
            tickId,
            kind: 'frozen',
            amount: '-20.00000000',
            balanceAfter: '0.00000000',
          },
          {
            ...STATEMENT_LINE,
            entryId: 9,
            reasonCode: 'fast_trade.won',
            tickId,
            kind: 'available',
            amount: '23.40000000',
            balanceAfter: '1003.40000000',
          },
          {
            ...STATEMENT_LINE,
            entryId: 8,
            reasonCode: 'fast_trade.opened',
            tickId,
            kind: 'frozen',
            amount: '20.00000000',
            balanceAfter: '20.00000000',
          },
          {
            ...STATEMENT_LINE,
            entryId: 8,
            reasonCode: 'fast_trade.opened',
            tickId,
            kind: 'available',
            amount: '-20.00000000',
            balanceAfter: '980.00000000',
          },
        ]),
    });
    renderScreen(<StatementScreen />);
    await screen.findAllByTestId('statement-row');
    const [won, opened] = screen.getAllByTestId('statement-row');
    expect(screen.getAllByTestId('statement-row')).toHaveLength(2);
    expect(
      within(won!)
        .getAllByTestId('statement-amount')
        .map((node) => node.textContent),
    ).toEqual(['+3.40 USDT']);
    expect(won!.textContent).not.toContain('-20.00');
    expect(within(won!).getByTestId('statement-balance').textContent).toBe('1,003.40');
    expect(
      within(opened!)
        .getByTestId('statement-amount')
        .textContent?.replace(/[\u2066-\u2069]/g, ''),
    ).toBe('20.00 USDT on hold');
    // The tick in words; its id only behind "Details".
    const price = within(won!)
      .getByTestId('statement-tick-text')
      .textContent?.replace(/[\u2066-\u2069]/g, '');
    expect(price).toMatch(/^Market price at \d{2}:10:04( PM)?, simulated$/);
    const details = won!.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('code')?.textContent).toBe(tickId);
    expect(within(won!).getByTestId('statement-tick-source')).toBeTruthy();
    // The postings behind the tap.
    fireEvent.click(within(won!).getByTestId('statement-more'));
    const postings = within(won!).getByTestId('statement-postings');
    expect(postings.textContent).toContain('-20.00 USDT');
    expect(postings.textContent).toContain('+23.40 USDT');
  });
});

const WITHDRAW_ROUTES = {
  '/api/platformCurrency/list': () => rows(CURRENCIES),
  '/api/userInfo/userBalanceConvert': () => ok([row(3, 'USDT', '500.00000000', '500.00000000')]),
  '/api/userInfo/isSetWithPwd': () => ok({ isSetWithPwd: 1 }),
  '/api/withdrawChannelConfig/list': () =>
    rows([
      {
        id: 1,
        channelName: 'USDT (TRC20)',
        channelType: 1,
        currencyId: 3,
        minAmount: '20',
        maxAmount: '100000',
        feeRate: '0',
        feeFixed: '1',
        dailyCount: 3,
        openHours: '00:00-24:00',
        sort: 0,
      },
    ]),
  '/api/userWalletAddress/list': () =>
    rows([
      {
        id: 9,
        currencyId: 3,
        currencyName: 'USDT',
        walletAddressType: 'TRC20',
        walletAddress: 'TXYZabcd1234567890',
        createTime: 0,
      },
    ]),
  '/api/userBank/list': () => rows([]),
};

describe('withdraw: refusals under their field', () => {
  async function submitWith(refusal: { msg: string; params?: Record<string, string | number> }) {
    useSessionStore.setState({ token: 'tok', userInfo: customer(0) });
    serve(WITHDRAW_ROUTES, (url) =>
      url.startsWith('/api/userWithdraw/outMoney') ? jsonResponse({ code: 500, ...refusal }) : null,
    );
    renderScreen(<WithdrawScreen />);
    await screen.findByTestId('withdraw-address-9');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: 'Secret123' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('withdraw-submit'));
    });
  }

  it('a wrong withdrawal password shows under the password field, not as a toast', async () => {
    await submitWith({ msg: 'error.withdraw_password_wrong', params: { remaining: 4 } });
    const password = screen.getByTestId('withdraw-password');
    const message = await screen.findByText('Incorrect withdrawal password, 4 attempts left');
    expect(message.getAttribute('role')).toBe('alert');
    expect(password.getAttribute('aria-describedby')).toBe(message.parentElement?.id);
    expect(toasted()).toEqual([]);
    // Typing again clears it.
    fireEvent.change(password, { target: { value: 'Secret1234' } });
    expect(screen.queryByText('Incorrect withdrawal password, 4 attempts left')).toBeNull();
  });

  it('a daily limit shows under the amount; a refusal no field owns is still a toast', async () => {
    await submitWith({ msg: 'error.withdraw_daily_limit', params: { count: 3 } });
    const amount = screen.getByTestId('withdraw-amount');
    const describedBy = amount.getAttribute('aria-describedby');
    await waitFor(() => expect(document.getElementById(describedBy ?? '')?.textContent).toMatch(/3/));
    expect(toasted()).toEqual([]);
    cleanup();
    vi.unstubAllGlobals();
    await submitWith({ msg: 'error.withdraw_locked' });
    await waitFor(() => expect(toasted()).toHaveLength(1));
  });
});

describe('bind bank card', () => {
  const PROPERTIES = [
    ['bankName', 'bank.name', 1],
    ['bankNo', 'bank.number', 1],
    ['holder', 'bank.holder', 1],
    ['swift', 'bank.swift', 0],
  ].map(([propertyName, labelKey, isRequired], sort) => ({
    id: sort + 1,
    configType: 0,
    propertyName,
    labelKey,
    isRequired,
    sort,
  }));

  it('says what goes in each field and its format, and puts a refused number under the number', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: customer(0) });
    serve({ '/api/bankPropertyConfig/list': () => rows(PROPERTIES), '/api/userBank/list': () => rows([]) }, (url) =>
      url.startsWith('/api/userBank/addUserBankCard')
        ? jsonResponse({ code: 500, msg: 'error.bank_card_duplicate' })
        : null,
    );
    renderScreen(<BindBankCardScreen />);
    const number = (await screen.findByTestId('card-field-bankNo')) as HTMLInputElement;
    expect(number.placeholder).toBe('8 to 30 digits');
    expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As on the card or statement; spaces are fine.',
    );
    expect((screen.getByTestId('card-field-bankName') as HTMLInputElement).placeholder).toBe('e.g. HSBC');
    expect((screen.getByTestId('card-field-swift') as HTMLInputElement).placeholder).toBe('e.g. HBUKGB4B');

    fireEvent.change(screen.getByTestId('card-field-bankName'), { target: { value: 'HSBC' } });
    fireEvent.change(number, { target: { value: '6222 0212 3456 7890' } });
    fireEvent.change(screen.getByTestId('card-field-holder'), { target: { value: 'Ann Lee' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('card-submit'));
    });
    await waitFor(() =>
      expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/already/i),
    );
    expect(toast).not.toHaveBeenCalled();
  });
});
