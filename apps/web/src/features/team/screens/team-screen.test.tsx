// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { testUser } from '../../../test/test-user';
import TeamScreen from './TeamScreen';

const DASHBOARD = {
  teamTotalRechargeAmount: '123456.78900000',
  teamTotalCommissionAmount: '42.56789000',
  firstRechargePersonNum: 5,
  teamDirectPersonNum: 8,
  teamPersonNum: 12,
  rechargePersonNumToday: 1,
  activePersonNum: 6,
  inviteCode: 'AB12CD34',
  commissionRates: ['0.20', '0.10'],
};

const member = (overrides: Record<string, unknown> = {}) => ({
  userAccount: 'ab***@example.com',
  nickName: 'Ann',
  teamLevel: 1,
  registerTime: 1_700_000_000_000,
  rechargeAmount: '1000.00000000',
  commissionAmount: '2.50000000',
  active: true,
  ...overrides,
});

const commission = (overrides: Record<string, unknown> = {}) => ({
  entryId: 91,
  fromAccount: 'ab***@example.com',
  teamLevel: 1,
  currencyName: 'USDT',
  feeAmount: '12.00000000',
  commissionAmount: '2.40000000',
  rate: '0.20',
  feeReason: 'contract.open',
  createTime: 1_700_000_000_000,
  ...overrides,
});

const ok = (body: Record<string, unknown>) => jsonResponse({ code: 200, msg: 'ok', ...body });

function serve(routes: Record<string, (url: string) => Response>) {
  return mockFetch((url) => {
    const path = url.split('?')[0] ?? '';
    const answer = routes[path];
    if (answer) return answer(url);
    if (path === '/api/platformCurrency/list') {
      return ok({
        rows: [
          { id: 3, currencyName: 'USDT', currencyType: 1, walletAddressType: '', currencyImg: '', scale: 8, sort: 1 },
        ],
        total: 1,
      });
    }
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

/** Text without the invisible marks that keep numbers left to right inside sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('team screen', () => {
  it('shows the figures formatted by the display rules and the published rates in plain words', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/userTeam/myTeamDataDashboard': () => ok({ data: DASHBOARD }),
      '/api/userTeam/queryLowerTeamInfo': () => ok({ rows: [], total: 0 }),
    });
    renderScreen(<TeamScreen />, '/pages/team/team');
    // Cut to app_decimal_no (2), never rounded up, with thousands separators; never the wire's 8 decimals.
    expect((await screen.findByTestId('fig-deposits')).textContent).toBe('123,456.78 USDT');
    expect(screen.getByTestId('fig-commission').textContent).toBe('42.56 USDT');
    expect(screen.getByTestId('fig-team-size').textContent).toBe('12');
    expect(screen.getByTestId('fig-direct').textContent).toBe('8');
    expect(screen.getByTestId('fig-level2').textContent).toBe('4');
    expect(screen.getByTestId('fig-depositors').textContent).toBe('5');
    expect(screen.getByTestId('fig-deposited-today').textContent).toBe('1');
    expect(screen.getByTestId('fig-active').textContent).toBe('6');
    expect(screen.getByText('Active (30 days)')).toBeTruthy();
    expect(screen.getByTestId('rate-level1').textContent).toBe('20%');
    expect(screen.getByTestId('rate-level2').textContent).toBe('10%');
    expect(plain(screen.getByTestId('team-rates-text').textContent)).toBe(
      'You receive 20% of the trading fees your direct invitees pay and 10% of those of their invitees, paid from the platform’s fee income the moment the fee is paid; never from their losses.',
    );
    expect(screen.getByTestId('team-figures').textContent).not.toMatch(/\d\.\d{8}/);
  });

  it('shows my invite code and a link that opens the register form with it', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/userTeam/myTeamDataDashboard': () => ok({ data: DASHBOARD }),
      '/api/userTeam/queryLowerTeamInfo': () => ok({ rows: [], total: 0 }),
    });
    const { router } = renderScreen(<TeamScreen />, '/pages/team/team', { stubPaths: ['/pages/user/iwannashare'] });
    expect((await screen.findByTestId('team-invite-code')).textContent).toBe('AB12CD34');
    const link = screen.getByTestId('team-invite-link').textContent ?? '';
    expect(link).toBe(`${window.location.origin}${window.location.pathname}#/pages/user/register?inviteCode=AB12CD34`);
    fireEvent.click(screen.getByTestId('team-poster'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/iwannashare'));
  });

  it('asks for level 1 and level 2 members on their tabs, and the commissions on theirs', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({
      '/api/userTeam/myTeamDataDashboard': () => ok({ data: DASHBOARD }),
      '/api/userTeam/queryLowerTeamInfo': (url) =>
        url.includes('teamLevel=2')
          ? ok({
              rows: [member({ nickName: '', userAccount: 'cd***@example.com', teamLevel: 2, active: false })],
              total: 1,
            })
          : ok({ rows: [member()], total: 1 }),
      '/api/userTeam/commissionList': () =>
        ok({
          rows: [
            commission(),
            commission({ entryId: 92, feeReason: 'unknown.reason', currencyName: 'USDT', teamLevel: 2, rate: '0.10' }),
          ],
          total: 2,
        }),
    });
    renderScreen(<TeamScreen />, '/pages/team/team');
    const first = await screen.findByTestId('team-member');
    expect(first.textContent).toContain('Ann');
    expect(within(first).getByTestId('member-account').textContent).toBe('ab***@example.com');
    expect(within(first).getByTestId('member-deposits').textContent).toBe('1,000.00 USDT');
    expect(within(first).getByTestId('member-commission').textContent).toBe('2.50 USDT');
    expect(within(first).getByTestId('member-active').textContent).toBe('Active');
    expect(
      calls.some((call) => call.url.startsWith('/api/userTeam/queryLowerTeamInfo') && call.url.includes('teamLevel=1')),
    ).toBe(true);

    fireEvent.click(screen.getByTestId('tab-level2'));
    await waitFor(() => expect(screen.getByTestId('member-account').textContent).toBe('cd***@example.com'));
    expect(screen.getByTestId('member-active').textContent).toBe('Inactive');
    expect(
      calls.some((call) => call.url.startsWith('/api/userTeam/queryLowerTeamInfo') && call.url.includes('teamLevel=2')),
    ).toBe(true);

    fireEvent.click(screen.getByTestId('tab-commissions'));
    const commissions = await screen.findAllByTestId('team-commission');
    expect(within(commissions[0]!).getByTestId('commission-amount').textContent).toBe('+2.40 USDT');
    expect(within(commissions[0]!).getByTestId('commission-reason').textContent).toBe('Contract opened');
    expect(within(commissions[0]!).getByTestId('commission-fee').textContent).toBe('12.00 USDT');
    expect(within(commissions[0]!).getByTestId('commission-rate').textContent).toBe('20%');
    expect(within(commissions[0]!).getByTestId('commission-level').textContent).toBe('Level 1');
    // A fee reason the app has no words for reads the generic one.
    expect(within(commissions[1]!).getByTestId('commission-reason').textContent).toBe('Balance change');
    expect(within(commissions[1]!).getByTestId('commission-level').textContent).toBe('Level 2');
  });

  it('invites the customer to share when a list is empty', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/userTeam/myTeamDataDashboard': () => ok({ data: DASHBOARD }),
      '/api/userTeam/queryLowerTeamInfo': () => ok({ rows: [], total: 0 }),
    });
    const { router } = renderScreen(<TeamScreen />, '/pages/team/team', { stubPaths: ['/pages/user/iwannashare'] });
    expect(await screen.findByText('No one has joined with your invite code yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('team-empty-share'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/iwannashare'));
  });

  it('tells a demo session the team belongs to the live account, without asking for it', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(2) });
    const { calls } = serve({});
    renderScreen(<TeamScreen />, '/pages/team/team');
    expect((await screen.findByTestId('team-demo-notice')).textContent).toContain('belong to your live account');
    expect(calls.some((call) => call.url.startsWith('/api/userTeam/'))).toBe(false);
  });

  it('sends a logged-out customer to login and back here afterwards', async () => {
    serve({});
    const { router } = renderScreen(<TeamScreen />, '/pages/team/team', { stubPaths: ['/pages/user/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/pages/team/team');
  });
});
