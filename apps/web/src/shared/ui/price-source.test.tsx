// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { resetAppState } from '../../test/reset-app-state';
import { useSettingsStore } from '../store/settings';
import { PriceSource } from './PriceSource';

afterEach(cleanup);
beforeEach(() => resetAppState());

const time = new Date(2026, 10, 22, 23, 10, 4).getTime();
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

describe('PriceSource', () => {
  it('says which price and when, "simulated" for the simulator, and keeps the tick id behind Details', () => {
    useSettingsStore.setState({ locale: 'en' });
    render(
      <PriceSource
        tickId={`X:BTCUSD#1156@${time}`}
        source="simulator"
        price="105,026.47"
        testId="ps"
        idTestId="ps-id"
      />,
    );
    expect(plain(screen.getByTestId('ps-text').textContent)).toMatch(
      /^Price 105,026\.47 at \d{2}:10:04( PM)?, simulated$/,
    );
    const details = screen.getByTestId('ps').querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Details');
    expect(screen.getByTestId('ps-id').textContent).toBe(`X:BTCUSD#1156@${time}`);
    expect(screen.getByTestId('ps-id').parentElement?.textContent).toBe(`Reference X:BTCUSD#1156@${time}`);
    expect(screen.getByTestId('ps-source').textContent).toBe('Source Simulated');
  });

  it('names a source in words, never its internal name', () => {
    render(<PriceSource tickId="bibi:X:BTCUSD#42" source="orderbook" fallbackTime={time} testId="ps" />);
    expect(screen.getByTestId('ps-source').textContent).toBe('Source Market data feed');
    expect(screen.getByTestId('ps').textContent).not.toContain('orderbook');
  });

  it('says nothing of simulation for another source, and uses the record time when the id has none', () => {
    render(<PriceSource tickId="bibi:X:BTCUSD#42" source="orderbook" fallbackTime={time} testId="ps" />);
    expect(plain(screen.getByTestId('ps-text').textContent)).toMatch(/^Market price at \d{2}:10:04( PM)?$/);
  });

  it('writes the time the customer language writes it, in Latin digits', () => {
    useSettingsStore.setState({ locale: 'ar' });
    render(<PriceSource tickId={`X:BTCUSD#1@${time}`} source="simulator" price="1.00" testId="ps" />);
    const text = screen.getByTestId('ps-text').textContent ?? '';
    expect(text).toContain('1.00');
    expect(text).toMatch(/10:04/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('renders nothing without a tick', () => {
    const { container } = render(<PriceSource tickId={null} source={null} price="1.00" />);
    expect(container.innerHTML).toBe('');
  });
});
