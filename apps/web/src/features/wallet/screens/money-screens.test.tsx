// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { useHideAmounts } from '../lib/hide-amounts';
import { withdrawAllAmount } from '../lib/withdrawal-form';
import ExchangeScreen from './ExchangeScreen';
import WalletScreen from './WalletScreen';
import WithdrawScreen from './WithdrawScreen';

const user = (accountType: number) => ({
  id: 7,
  userAccount: 'demo@kestrel.local',
  email: 'demo@kestrel.local',
  phone: null,
  areaCode: null,
  nickName: 'Demo trader',
  avatar: '',
  accountType,
  inviteCode: 'KESTREL1',
  createTime: 0,
});

const CURRENCIES = [
  { id: 1, currencyName: 'USD', currencyType: 0, walletAddressType: '', currencyImg: '', scale: 2, sort: 3 },
  {
    id: 3,
    currencyName: 'USDT',
    currencyType: 1,
    walletAddressType: 'ERC20/TRC20',
    currencyImg: '',
    scale: 8,
    sort: 1,
  },
  { id: 4, currencyName: 'BTC', currencyType: 1, walletAddressType: 'BTC', currencyImg: '', scale: 8, sort: 2 },
];

const balance = (
  currencyId: number,
  currencyName: string,
  userAmt: string,
  frozenAmount: string,
  USDTValue: string,
) => ({
  currencyId,
  currencyName,
  currencyImg: '',
  userAmt,
  USDTValue,
  marginAmount: '0',
  frozenAmount,
  rateMissing: false,
});

const ROUTES: Record<string, unknown> = {
  '/api/platformCurrency/list': { code: 200, msg: 'ok', rows: CURRENCIES, total: CURRENCIES.length },
  '/api/userInfo/personCenterPanelData': {
    code: 200,
    msg: 'ok',
    data: {
      userBalanceConvert: '12345.678',
      allMarginAmount: '0',
      profitAndLose: '0',
      profitAndLoseToday: '0',
      fastTradeWin: 0,
      fastTradeLose: 0,
    },
  },
  '/api/userInfo/userBalanceConvert': {
    code: 200,
    msg: 'ok',
    data: [
      balance(3, 'USDT', '12000.50000000', '20.00000000', '12020.50000000'),
      balance(4, 'BTC', '0.00420000', '0', '399.00000000'),
      balance(1, 'USD', '250.00', '0.00', '249.75000000'),
    ],
  },
  '/api/userInfo/isSetWithPwd': { code: 200, msg: 'ok', data: { isSetWithPwd: 1 } },
  '/api/withdrawChannelConfig/list': {
    code: 200,
    msg: 'ok',
    rows: [
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
      {
        id: 2,
        channelName: 'Bank wire (USD)',
        channelType: 0,
        currencyId: 1,
        minAmount: '100',
        maxAmount: '200000',
        feeRate: '0.005',
        feeFixed: '0',
        dailyCount: 2,
        openHours: '00:00-24:00',
        sort: 1,
      },
    ],
    total: 2,
  },
  '/api/userWalletAddress/list': {
    code: 200,
    msg: 'ok',
    rows: [
      {
        id: 9,
        currencyId: 3,
        currencyName: 'USDT',
        walletAddressType: 'TRC20',
        walletAddress: 'TXYZabcd1234567890',
        createTime: 0,
      },
    ],
    total: 1,
  },
  '/api/userBank/list': { code: 200, msg: 'ok', rows: [], total: 0 },
  '/api/currencyExchangeRate/getExchangeInfo': {
    code: 200,
    msg: 'ok',
    rows: [
      {
        id: 1,
        currencyIdFrom: 1,
        currencyIdTo: 3,
        currencyNameFrom: 'USD',
        currencyNameTo: 'USDT',
        rate: '0.9990',
        feeRate: '0.001',
        minAmount: '10',
        maxAmount: '100000',
        dailyCount: 10,
      },
      {
        id: 2,
        currencyIdFrom: 3,
        currencyIdTo: 1,
        currencyNameFrom: 'USDT',
        currencyNameTo: 'USD',
        rate: '0.9990',
        feeRate: '0.001',
        minAmount: '10',
        maxAmount: '100000',
        dailyCount: 10,
      },
    ],
    total: 2,
  },
};

function serve(extra: (url: string, init: RequestInit) => Response | null = () => null) {
  return mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    const path = url.split('?')[0] ?? '';
    const body = ROUTES[path];
    return body ? jsonResponse(body) : jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useHideAmounts.setState({ hidden: false });
  useSwitchSetStore.setState({ rows: [] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wallet tab', () => {
  it('app_showFreeze 0 leaves the frozen part out of the balance rows', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    useOtherValuesStore.getState().setValues({ app_showFreeze: '0' });
    serve();
    renderScreen(<WalletScreen />);
    const usdt = await screen.findByTestId('wallet-balance-USDT');
    expect(usdt.querySelector('[data-testid="balance-available"]')?.textContent).toBe('12,000.50');
    expect(usdt.querySelector('[data-testid="balance-frozen"]')).toBeNull();
  });

  it('shows the USDT total, each balance with its frozen part, and every action', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve();
    renderScreen(<WalletScreen />);
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('12,345.67');
    const usdt = await screen.findByTestId('wallet-balance-USDT');
    expect(usdt.querySelector('[data-testid="balance-available"]')?.textContent).toBe('12,000.50');
    expect(usdt.querySelector('[data-testid="balance-frozen"]')?.textContent).toBe('20.00');
    // A coin shows its own digits past two decimals, so a small holding is not "0.00" (nor "0.00420000").
    expect(
      screen.getByTestId('wallet-balance-BTC').querySelector('[data-testid="balance-available"]')?.textContent,
    ).toBe('0.0042');
    for (const action of ['deposit', 'withdraw', 'exchange', 'records', 'cards', 'addresses']) {
      expect(screen.getByTestId(`wallet-action-${action}`)).toBeTruthy();
    }
    expect(screen.queryByTestId('wallet-demo-banner')).toBeNull();
  });

  it('hides amounts with the eye and remembers it', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve();
    renderScreen(<WalletScreen />);
    await screen.findByText('12,345.67');
    fireEvent.click(screen.getByTestId('wallet-hide-toggle'));
    expect(screen.getByTestId('wallet-total').textContent).toBe('****');
    expect(window.localStorage.getItem('walletHideAmounts')).toBe('1');
  });

  it('says Demo on a demo account, and the operator switch hides the money actions', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(2) });
    useSwitchSetStore.setState({
      rows: [{ id: 1, switchName: '隐藏钱包功能', switchKey: 'hide_wallet_actions', status: 1, remark: '' }],
    });
    serve();
    renderScreen(<WalletScreen />);
    expect(await screen.findByTestId('wallet-demo-banner')).toBeTruthy();
    expect(screen.getAllByText('Demo').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('wallet-action-deposit')).toBeNull();
    expect(screen.getByTestId('wallet-action-records')).toBeTruthy();
  });
});

describe('withdraw', () => {
  it('previews the fee and what arrives, and sends an Idempotency-Key', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve((url) =>
      url.startsWith('/api/userWithdraw/outMoney')
        ? jsonResponse({ code: 500, msg: 'error.withdraw_password_wrong', params: { remaining: 4 } })
        : null,
    );
    renderScreen(<WithdrawScreen />);
    const amount = await screen.findByTestId('withdraw-amount');
    await screen.findByTestId('withdraw-address-9');
    fireEvent.change(amount, { target: { value: '50' } });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('49.00 USDT');
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: 'Secret123' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('withdraw-submit'));
    });
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/userWithdraw/outMoney'))).toBe(true));
    const sent = calls.find((call) => call.url.startsWith('/api/userWithdraw/outMoney'));
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(sent?.init.body)).toContain('withdrawAmount=50');
    expect(String(sent?.init.body)).toContain('withdrawAddressId=9');
  });

  it('the "all" shortcut fills the available balance; too much is refused before sending', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve();
    renderScreen(<WithdrawScreen />);
    await screen.findByTestId('withdraw-address-9');
    fireEvent.click(await screen.findByText('All'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('12000.5');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '12000.6' } });
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
  });

  it('app_withdrawAll 0 hides "All"; 1 shows it, capped at the channel maximum', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    useOtherValuesStore.getState().setValues({ app_withdrawAll: '0' });
    serve();
    renderScreen(<WithdrawScreen />);
    await screen.findByTestId('withdraw-address-9');
    expect(screen.queryByText('All')).toBeNull();
    expect(withdrawAllAmount('12000.50000000', 8, { maxAmount: '10000' })).toBe('10000');
    expect(withdrawAllAmount('0.123456789', 8, { maxAmount: '0' })).toBe('0.12345678');
    expect(withdrawAllAmount('0', 8, { maxAmount: '100' })).toBeNull();
  });
});

describe('withdraw: the identity gate', () => {
  const summary = (gate: { enabled: boolean; met: boolean }, basicStatus = 0) =>
    jsonResponse({
      code: 200,
      msg: 'ok',
      data: {
        basicStatus,
        advancedStatus: 0,
        gates: [
          { gate: 'withdrawal', level: 0, ...gate },
          { gate: 'contract', level: 0, enabled: false, met: false },
          { gate: 'loan', level: 1, enabled: false, met: false },
        ],
        withdrawalLimit: '1000.00',
      },
    });

  it('on and not met: says what is needed above the limit, above the form, with the way to verify', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve((url) => (url.startsWith('/api/userAuthRecord/summary') ? summary({ enabled: true, met: false }) : null));
    const { router } = renderScreen(<WithdrawScreen />, '/pages/user/withdrawl', {
      stubPaths: ['/pages/user/authentication'],
    });
    const notice = await screen.findByTestId('identity-gate-withdrawal');
    expect(notice.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      'Withdrawals above 1,000 USDT need basic identity verification',
    );
    // Above the form: before the channel section.
    const amount = await screen.findByTestId('withdraw-amount');
    expect(notice.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByTestId('identity-gate-withdrawal-action'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/authentication'));
  });

  it('under review: says so instead', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve((url) => (url.startsWith('/api/userAuthRecord/summary') ? summary({ enabled: true, met: false }, 1) : null));
    renderScreen(<WithdrawScreen />);
    const notice = await screen.findByTestId('identity-gate-withdrawal');
    expect(notice.textContent).toContain('Your verification is under review');
  });

  it('met, or off: no notice', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve((url) =>
      url.startsWith('/api/userAuthRecord/summary') ? summary({ enabled: true, met: true }, 2) : null,
    );
    renderScreen(<WithdrawScreen />);
    await screen.findByTestId('withdraw-address-9');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/userAuthRecord/summary'))).toBe(true));
    expect(screen.queryByTestId('identity-gate-withdrawal')).toBeNull();
  });
});

describe('exchange', () => {
  it('computes what arrives exactly, as the server will', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve();
    renderScreen(<ExchangeScreen />);
    const amount = await screen.findByTestId('exchange-amount');
    fireEvent.change(amount, { target: { value: '100' } });
    expect(screen.getByTestId('exchange-rate').textContent).toBe('1 USD = 0.999 USDT');
    // 100 x 0.999 = 99.9, fee 0.0999 -> 99.8001 received, shown cut to 2 decimals.
    expect(screen.getByTestId('exchange-received').textContent).toBe('99.80 USDT');
    expect(screen.getByTestId('exchange-fee').textContent).toBe('0.09 USDT');
  });
});
