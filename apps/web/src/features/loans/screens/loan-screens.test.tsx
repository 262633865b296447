// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import LoanScreens from './LoanScreens';

const PRODUCT = {
  id: 2,
  name: 'Standard loan 30 days',
  description: 'Borrow USDT for a month.',
  currencyId: 3,
  currencyName: 'USDT',
  minAmount: '500.00000000',
  maxAmount: '20000.00000000',
  termDays: 30,
  dailyRate: '0.0008',
  interestFreeDays: 3,
  overdueDailyRate: '0.002',
  maxOpenLoans: 2,
  demoAllowed: 0,
  paused: 0,
};
const LOAN = {
  id: 7,
  loanProductId: 2,
  productName: 'Standard loan 30 days',
  currencyName: 'USDT',
  orderPrice: '1000.00000000',
  termDays: 30,
  dailyRate: '0.0008',
  interestFreeDays: 3,
  overdueDailyRate: '0.002',
  status: 1,
  reviewReason: '',
  applyTime: 1_700_000_000_000,
  approveTime: 1_700_000_000_000,
  dueTime: 1_702_592_000_000,
  daysAccrued: 5,
  interestAccrued: '1.60000000',
  principalRepaid: '0.00000000',
  interestRepaid: '0.00000000',
  owed: '1001.60000000',
  interestOwed: '1.60000000',
  overdue: 0,
  settleTime: null,
  demo: 0,
};
const OVERDUE = { ...LOAN, id: 8, productName: 'Quick loan 7 days', overdue: 1 };
const REJECTED = {
  ...LOAN,
  id: 9,
  status: 3,
  reviewReason: 'Not enough trading history',
  approveTime: null,
  dueTime: null,
  daysAccrued: 0,
  interestAccrued: '0.00000000',
  owed: '0.00000000',
  interestOwed: '0.00000000',
};
const USDT = {
  id: 3,
  currencyName: 'USDT',
  currencyType: 1,
  walletAddressType: 'TRC20',
  currencyImg: '',
  scale: 8,
  sort: 1,
};

function answer(url: string) {
  const parsed = new URL(url, 'http://x');
  switch (parsed.pathname) {
    case '/api/loanProduct/list':
      return { code: 200, msg: 'ok', rows: [PRODUCT], total: 1 };
    case '/api/loanProduct/detail':
      return { code: 200, msg: 'ok', data: PRODUCT };
    case '/api/loanOrder/userLoanPanelData':
      return {
        code: 200,
        msg: 'ok',
        data: {
          loanAmount: '2000.00000000',
          needPayInterest: '3.20000000',
          owed: '2003.20000000',
          activeLoans: 2,
          pendingApplications: 0,
          nextDueTime: 1_702_592_000_000,
          currencyName: 'USDT',
        },
      };
    case '/api/loanOrder/list': {
      const status = parsed.searchParams.get('status');
      const rows =
        status === '1' ? [LOAN, OVERDUE] : status === '0' ? [] : status === null ? [LOAN, OVERDUE, REJECTED] : [];
      return { code: 200, msg: 'ok', rows, total: rows.length };
    }
    case '/api/loanOrder/detail': {
      const id = Number(parsed.searchParams.get('id'));
      const loan = [LOAN, OVERDUE, REJECTED].find((row) => row.id === id);
      return loan
        ? { code: 200, msg: 'ok', data: { ...loan, repayments: [] } }
        : { code: 500, msg: 'error.loan_not_found' };
    }
    case '/api/userInfo/userBalance':
      return {
        code: 200,
        msg: 'ok',
        data: [{ currencyId: 3, currencyName: 'USDT', userAmt: '5000.00000000', frozenAmount: '0', marginAmount: '0' }],
      };
    case '/api/platformCurrency/list':
      return { code: 200, msg: 'ok', rows: [USDT], total: 1 };
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

function logIn(accountType = 0) {
  useSessionStore.setState({
    token: 'token-1',
    userInfo: {
      id: 1,
      userAccount: 'a@example.com',
      email: 'a@example.com',
      phone: null,
      areaCode: null,
      nickName: 'A',
      avatar: '',
      accountType,
      inviteCode: '',
      createTime: 0,
    },
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the loan panel /pages/loan/loan', () => {
  it('shows what is owed, every term of each product, and my loans with the overdue one in red', async () => {
    logIn();
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/loan');
    expect(await screen.findByTestId('loan-panel-owed')).toHaveProperty('textContent', '2,003.20 USDT');
    expect(screen.getByTestId('loan-panel-interest').textContent).toContain('3.20 USDT');
    expect(screen.getByTestId('loan-panel-counts').textContent).toBe('2 active · 0 under review');
    const product = await screen.findByTestId('loan-product-2');
    expect(within(product).getByTestId('loan-term-range').textContent).toContain('500.00 – 20,000.00 USDT');
    expect(within(product).getByTestId('loan-term-days').textContent).toBe('30 days');
    expect(within(product).getByTestId('loan-term-rate').textContent).toBe('0.08%');
    expect(within(product).getByTestId('loan-term-free').textContent).toBe('3 days');
    expect(within(product).getByTestId('loan-term-overdue').textContent).toBe('0.2%');
    // Two open loans in a product that allows two: no third application.
    await waitFor(() => expect(within(product).getByTestId('loan-apply-2')).toHaveProperty('disabled', true));
    expect(within(product).getByTestId('loan-apply-2').textContent).toBe('Open-loan limit reached');

    const overdueRow = await screen.findByTestId('loan-row-8');
    expect(overdueRow.className).toContain('ln-row--overdue');
    expect(screen.getByTestId('loan-row-status-8').textContent).toBe('Overdue');
    expect(screen.getByTestId('loan-row-status-7').textContent).toBe('Active');
    expect(screen.getByTestId('loan-row-status-9').textContent).toBe('Rejected');
    expect(screen.getByTestId('loan-row-9').textContent).toContain('Not enough trading history');
    expect(await screen.findByTestId('loan-panel-overdue')).toBeTruthy();

    fireEvent.click(screen.getByTestId('loan-filter-2'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/loanOrder/list?') && call.url.includes('status=2'))).toBe(true),
    );
    expect(await screen.findByText('No loans with this status')).toBeTruthy();
  });

  it('a demo account sees demo marks and that a product lends no demo funds', async () => {
    logIn(2);
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/loan');
    const product = await screen.findByTestId('loan-product-2');
    expect(within(product).getByTestId('loan-product-demo').textContent).toBe('Not for demo accounts');
    expect(within(product).getByTestId('loan-apply-2')).toHaveProperty('disabled', true);
    expect(screen.getAllByTestId('demo-mark').length).toBeGreaterThan(2);
  });

  it('a visitor sees the products and a way to log in; a failed panel offers a retry', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/loan');
    expect(await screen.findByTestId('loan-guest')).toBeTruthy();
    expect(await screen.findByTestId('loan-product-2')).toBeTruthy();
    cleanup();

    logIn();
    let fail = true;
    mockFetch((url) => {
      if (url.includes('/userLoanPanelData') && fail) return jsonResponse({ code: 500, msg: 'error.internal' });
      if (url.includes('/loanProduct/list')) return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 });
      return jsonResponse(answer(url));
    });
    renderScreen(<LoanScreens />, '/pages/loan/loan');
    expect(await screen.findByText('Could not load what you owe')).toBeTruthy();
    expect(await screen.findByText('No loan products right now')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('loan-panel-owed')).toBeTruthy();
  });
});

describe('applying /pages/loan/buy', () => {
  it('checks the amount by the server rule, shows the cost, confirms, and sends JSON with an Idempotency-Key', async () => {
    logIn();
    const { calls } = mockFetch((url) => {
      if (url.includes('/loanOrder/add')) {
        return jsonResponse({ code: 200, msg: 'ok', data: { ...LOAN, id: 11, status: 0, approveTime: null } });
      }
      if (url.includes('/loanOrder/list')) return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 });
      return jsonResponse(answer(url));
    });
    renderScreen(<LoanScreens />, '/pages/loan/buy?id=2');
    const amount = await screen.findByTestId('loan-apply-amount');
    await waitFor(() => expect(screen.getByTestId('loan-apply-submit')).toHaveProperty('disabled', false));

    fireEvent.change(amount, { target: { value: '100' } });
    expect(screen.getByTestId('loan-apply-amount-error').textContent).toBe(
      'The minimum loan amount is \u2066500.00 USDT\u2069',
    );
    expect(screen.getByTestId('loan-cost-daily').textContent).toBe('--');

    fireEvent.change(amount, { target: { value: '1000' } });
    expect(screen.queryByTestId('loan-apply-amount-error')).toBeNull();
    expect(screen.getByTestId('loan-cost-free').textContent).toBe('First 3 days free');
    expect(screen.getByTestId('loan-cost-daily').textContent).toBe('0.80 USDT');
    expect(screen.getByTestId('loan-cost-interest').textContent).toBe('21.60 USDT');
    expect(screen.getByTestId('loan-cost-total').textContent).toBe('1,021.60 USDT');
    expect(screen.getByTestId('loan-cost-overdue').textContent).toBe('2.00 USDT');
    expect(screen.getByTestId('loan-cost-due').textContent).toContain('30 days after approval');

    fireEvent.click(screen.getByTestId('loan-apply-submit'));
    const sheet = await screen.findByTestId('loan-apply-confirm');
    expect(within(sheet).getByTestId('loan-confirm-amount').textContent).toBe('1,000.00 USDT');
    expect(within(sheet).getByTestId('loan-cost-interest').textContent).toBe('21.60 USDT');
    fireEvent.click(within(sheet).getByTestId('loan-apply-confirm-confirm'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/loanOrder/add'))).toBe(true));
    const apply = calls.find((call) => call.url.includes('/loanOrder/add'))!;
    expect(JSON.parse(String(apply.init.body))).toEqual({ loanProductId: 2, orderPrice: '1000' });
    expect(apply.headers['Content-Type'] ?? apply.headers['content-type']).toContain('application/json');
    expect(apply.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a refusal the server still makes under the amount, as typed', async () => {
    logIn();
    mockFetch((url) => {
      if (url.includes('/loanOrder/add')) return jsonResponse({ code: 500, msg: 'error.loan_book_exhausted' });
      if (url.includes('/loanOrder/list')) return jsonResponse({ code: 200, msg: 'ok', rows: [], total: 0 });
      return jsonResponse(answer(url));
    });
    renderScreen(<LoanScreens />, '/pages/loan/buy?id=2');
    const amount = await screen.findByTestId('loan-apply-amount');
    fireEvent.change(amount, { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('loan-cost-daily').textContent).toBe('0.80 USDT'));
    fireEvent.click(screen.getByTestId('loan-apply-submit'));
    fireEvent.click(within(await screen.findByTestId('loan-apply-confirm')).getByTestId('loan-apply-confirm-confirm'));
    expect((await screen.findByTestId('loan-apply-amount-error')).textContent).toBe(
      'This amount cannot be lent right now',
    );
    expect((screen.getByTestId('loan-apply-amount') as HTMLInputElement).value).toBe('1000');
  });

  it('a demo account cannot apply to a product without demo funds', async () => {
    logIn(2);
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/buy?id=2');
    expect((await screen.findByTestId('loan-apply-demo')).textContent).toContain('not open to demo accounts');
    expect(screen.getByTestId('loan-apply-submit')).toHaveProperty('disabled', true);
  });
});

describe('repaying /pages/loan/rePay', () => {
  it('repays all: the owed amount split into interest and principal, confirmed, sent as JSON', async () => {
    logIn();
    const { calls } = mockFetch((url) => {
      if (url.includes('/userLoanRepayment')) {
        return jsonResponse({ code: 200, msg: 'ok', data: { ...LOAN, status: 2, repayments: [] } });
      }
      return jsonResponse(answer(url));
    });
    renderScreen(<LoanScreens />, '/pages/loan/rePay?id=7');
    expect((await screen.findByTestId('loan-repay-owed')).textContent).toBe('1,001.60 USDT');
    expect(screen.getByTestId('loan-repay-interest').textContent).toBe('1.60 USDT');
    expect(screen.getByTestId('loan-repay-principal').textContent).toBe('1,000.00 USDT');
    await waitFor(() => expect(screen.getByTestId('loan-repay-available').textContent).toContain('5,000.00 USDT'));

    fireEvent.change(screen.getByTestId('loan-repay-amount'), { target: { value: '1001.61' } });
    expect(screen.getByTestId('loan-repay-amount-error').textContent).toBe(
      'You owe \u20661,001.60 USDT\u2069; you cannot repay more',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Repay all' }));
    expect((screen.getByTestId('loan-repay-amount') as HTMLInputElement).value).toBe('1001.6');
    expect(screen.getByTestId('loan-split-interest').textContent).toBe('1.60 USDT');
    expect(screen.getByTestId('loan-split-principal').textContent).toBe('1,000.00 USDT');
    expect(screen.getByTestId('loan-split-after').textContent).toBe('Nothing: the loan is settled');

    fireEvent.click(screen.getByTestId('loan-repay-submit'));
    const sheet = await screen.findByTestId('loan-repay-confirm');
    expect(within(sheet).getByTestId('loan-confirm-interest').textContent).toBe('1.60 USDT');
    expect(within(sheet).getByTestId('loan-confirm-principal').textContent).toBe('1,000.00 USDT');
    fireEvent.click(within(sheet).getByTestId('loan-repay-confirm-confirm'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/userLoanRepayment'))).toBe(true));
    const repay = calls.find((call) => call.url.includes('/userLoanRepayment'))!;
    expect(JSON.parse(String(repay.init.body))).toEqual({ loanOrderId: 7, repayAmount: '1001.6' });
    expect(repay.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to repay a loan that is not active', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/rePay?id=9');
    expect((await screen.findByTestId('loan-repay-not-active')).textContent).toContain('This loan is not active');
  });
});

describe('a loan /pages/loan/detail', () => {
  it('an active loan: its figures and a repay button', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/detail?id=7');
    expect((await screen.findByTestId('loan-detail-status')).textContent).toBe('Active');
    expect(screen.getByTestId('loan-detail-owed').textContent).toBe('1,001.60 USDT');
    expect(screen.getByTestId('loan-detail-days').textContent).toBe('5 of 30');
    expect(screen.getByTestId('loan-detail-repay')).toBeTruthy();
    expect(screen.getByText('No repayments yet')).toBeTruthy();
  });

  it('a rejected application: the reason, no balance and no repay button', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/detail?id=9');
    expect((await screen.findByTestId('loan-detail-reason')).textContent).toContain('Not enough trading history');
    expect(screen.getByText('Amount applied for')).toBeTruthy();
    expect(screen.queryByTestId('loan-detail-owed')).toBeNull();
    expect(screen.queryByTestId('loan-detail-repay')).toBeNull();
  });

  it('a loan that cannot be loaded offers a retry', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<LoanScreens />, '/pages/loan/detail?id=404');
    expect(await screen.findByText('Could not load this loan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
