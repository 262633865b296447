// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { ChangeRate } from './ChangeRate';
import { ListState, listStateOf } from './ListState';
import { PriceText } from './PriceText';
import { ProductIcon, productLetters } from './ProductIcon';
import { SimulatedBadge } from './SimulatedBadge';

afterEach(cleanup);

describe('shared UI', () => {
  it('SimulatedBadge shows "Simulated data" only for simulated prices', () => {
    const { rerender } = render(<SimulatedBadge simulated />);
    expect(screen.getByText('Simulated data')).toBeTruthy();
    rerender(<SimulatedBadge simulated={false} />);
    expect(screen.queryByText('Simulated data')).toBeNull();
  });

  it('PriceText cuts to the product decimals, groups thousands, and flashes by direction', () => {
    const { container, rerender } = render(<PriceText value="105017.0599" decimals={2} flash />);
    const text = () => container.querySelector('.price-text');
    expect(text()?.textContent).toBe('105,017.05');
    expect(text()?.className).toContain('numeric');
    rerender(<PriceText value="105018.00" decimals={2} flash />);
    expect(text()?.className).toContain('flash-rise-a');
    rerender(<PriceText value="105010.00" decimals={2} flash />);
    expect(text()?.className).toContain('flash-fall-b');
    rerender(<PriceText value={undefined} decimals={2} />);
    expect(text()?.textContent).toBe('--');
  });

  it('ChangeRate signs and colours the change', () => {
    const { container, rerender } = render(<ChangeRate rate="0.534" />);
    expect(container.textContent).toBe('+0.53%');
    expect(container.firstElementChild?.className).toContain('change-rate--rise');
    rerender(<ChangeRate rate="-1.2" variant="pill" />);
    expect(container.textContent).toBe('-1.20%');
    expect(container.firstElementChild?.className).toContain('change-rate--fall');
    rerender(<ChangeRate rate="0" />);
    expect(container.textContent).toBe('0.00%');
    expect(container.firstElementChild?.className).toContain('change-rate--flat');
  });

  it('ProductIcon falls back to letters when the image fails', () => {
    expect(productLetters('X:BTCUSD')).toBe('BTC');
    expect(productLetters('C:EURUSD')).toBe('EUR');
    expect(productLetters('AAPL')).toBe('AAPL');
    const { container } = render(<ProductIcon src="/img/products/AAPL.svg" productCode="AAPL" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/img/products/AAPL.svg');
    act(() => {
      if (image) fireEvent.error(image);
    });
    expect(container.textContent).toBe('AAPL');
  });

  it('ListState speaks SPEC §4: load more, loading, no more', () => {
    expect(listStateOf({ hasNextPage: true, isFetchingNextPage: false })).toBe('more');
    expect(listStateOf({ hasNextPage: true, isFetchingNextPage: true })).toBe('loading');
    expect(listStateOf({ hasNextPage: false, isFetchingNextPage: false })).toBe('none');
    const { rerender } = render(<ListState state="more" />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    rerender(<ListState state="loading" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<ListState state="none" />);
    expect(screen.getByText('No more')).toBeTruthy();
  });
});
