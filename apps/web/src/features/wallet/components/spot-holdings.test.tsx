// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { SpotHoldings } from './SpotHoldings';

const HOLDING = {
  productId: 3,
  productCode: 'AAPL',
  productName: 'Apple',
  productType: 1,
  quantity: '3.00',
  costAmount: '570.53997000',
  averageCost: '190.18',
  averagePrice: '189.99',
  nowPrice: '200.00',
  marketValue: '600.00000000',
  profitAndLose: '29.46003000',
  profitRate: '5.16',
  orderCount: 1,
  simulated: true,
};

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useSessionStore.setState({ token: 'tok', userInfo: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wallet spot holdings', () => {
  it('shows quantity, average cost, market value and PnL per product, or hides them', async () => {
    mockFetch(() =>
      jsonResponse({
        code: 200,
        msg: 'ok',
        data: { holdings: [HOLDING], totalMarketValue: '600.00000000', totalProfitAndLose: '29.46003000' },
      }),
    );
    const view = renderScreen(<SpotHoldings hidden={false} />);
    const row = await screen.findByTestId('wallet-holding-AAPL');
    expect(row.textContent).toContain('Apple');
    expect(row.textContent).toContain('+29.46 (5.16%)');
    expect(row.textContent).toContain('190.18');
    expect(row.textContent).toContain('600.00');
    expect(row.querySelector('[data-testid="simulated-badge"]')).not.toBeNull();
    view.unmount();
    renderScreen(<SpotHoldings hidden />);
    expect((await screen.findByTestId('wallet-holding-AAPL')).textContent).not.toContain('600.00');
  });

  it('shows nothing when there are no holdings', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({ code: 200, msg: 'ok', data: { holdings: [], totalMarketValue: '0', totalProfitAndLose: '0' } }),
    );
    renderScreen(<SpotHoldings hidden={false} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('wallet-spot-holdings')).toBeNull();
  });
});
