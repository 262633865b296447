import { describe, expect, it } from 'vitest';
import { changesShownTexts, noteMissingKey } from './shown-texts';

describe('changesShownTexts', () => {
  const inForce: Record<string, string> = { 'tab.home': 'Home', 'tab.trade': 'Trade' };
  const current = (key: string) => inForce[key];

  it('is false for a pack that repeats the texts in force and adds keys nobody asked for', () => {
    expect(changesShownTexts({ 'tab.home': 'Home', 'bibi.title': 'Coin-to-coin' }, current)).toBe(false);
  });

  it('is true when a text in force changes', () => {
    expect(changesShownTexts({ 'tab.home': 'Start' }, current)).toBe(true);
  });

  it('is true when the pack brings a key that was drawn without a text', () => {
    expect(noteMissingKey('widgets.brand_new')).toBe('widgets.brand_new');
    expect(noteMissingKey('widgets.with_default', 'Fallback')).toBe('Fallback');
    expect(changesShownTexts({ 'widgets.brand_new': 'Brand new' }, current)).toBe(true);
  });
});
