import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  declarationsBySelector,
  readTokensCss,
  TokenSheet,
  type ThemeName,
} from './token-sheet.test-helper';

/** WCAG 2.x AA for body text. Large text may go to 3:1; every text token here is held to 4.5:1. */
const AA_TEXT = 4.5;

/**
 * Where text is drawn: a text token on a background token. A translucent background (a soft chip, a
 * glass bar) is composited over `over`, the opaque surface it sits on in the app.
 */
interface Pair {
  text: string;
  on: string;
  over?: string;
}

const SURFACES = ['--k-surface', '--k-surface-2', '--k-surface-3'];

/** Text colours drawn straight on cards, the page and grey fields. */
const TEXT_ON_SURFACES = [
  '--k-text-1',
  '--k-text-2',
  '--k-text-3',
  '--k-flat',
  '--k-brand-strong',
  '--k-rise',
  '--k-fall',
  '--k-green',
  '--k-red',
  '--k-amber-strong',
  '--k-indigo',
  '--k-pink',
  '--k-cyan',
  '--adm-color-weak',
  '--adm-color-primary',
];

const PAIRS: readonly Pair[] = [
  ...TEXT_ON_SURFACES.flatMap((text) => SURFACES.map((on) => ({ text, on }))),
  // Tinted chips and notices on a card.
  ...[
    ['--k-rise', '--k-rise-soft'],
    ['--k-fall', '--k-fall-soft'],
    ['--k-green', '--k-green-soft'],
    ['--k-red', '--k-red-soft'],
    ['--k-amber-strong', '--k-amber-soft'],
    ['--k-text-1', '--k-amber-soft'],
    ['--k-indigo', '--k-indigo-soft'],
    ['--k-pink', '--k-pink-soft'],
    ['--k-cyan', '--k-cyan-soft'],
  ].map(([text = '', on = '']) => ({ text, on, over: '--k-surface' })),
  { text: '--k-brand-strong', on: '--k-brand-soft' },
  { text: '--k-text-1', on: '--k-brand-soft' },
  { text: '--k-text-1', on: '--k-brand-wash' },
  { text: '--k-text-2', on: '--k-brand-wash' },
  // Sticky bars: the tab bar's labels (grey, and the selected tab's blue) and page headers.
  ...['--k-text-1', '--k-text-3', '--k-brand-strong'].flatMap((text) => [
    { text, on: '--k-surface-glass', over: '--k-surface-2' },
    { text, on: '--k-surface-2-glass', over: '--k-surface-2' },
  ]),
  // Filled buttons and chips.
  ...['--k-brand-fill', '--k-rise', '--k-fall', '--k-green', '--k-red', '--k-amber-strong'].map((on) => ({
    text: '--k-text-on-fill',
    on,
  })),
  // shared/ui/tint.css: a currency's letters on its accent (fillClass).
  ...['--k-indigo', '--k-pink', '--k-cyan'].map((on) => ({ text: '--k-text-on-fill', on })),
  { text: '--k-surface', on: '--k-text-2' },
  { text: '--adm-color-text-light-solid', on: '--adm-color-primary' },
  // Hero cards: white on both ends of the gradient.
  { text: '--k-text-on-hero', on: '--k-hero-start' },
  { text: '--k-text-on-hero', on: '--k-hero-end' },
  { text: '--k-text-on-hero', on: '--k-hero-demo-start' },
  { text: '--k-text-on-hero', on: '--k-hero-demo-end' },
  // White buttons on a hero card take the hero's deep blue as their text.
  { text: '--k-hero-end', on: '--k-text-on-hero' },
  // Inverted chips and buttons (text-1 as the fill, the card colour as the text).
  { text: '--k-surface', on: '--k-text-1' },
];

function shortfalls(css: string, theme: ThemeName): string[] {
  const sheet = new TokenSheet(css, theme);
  return PAIRS.flatMap(({ text, on, over }) => {
    const base = over ? sheet.colour(over) : undefined;
    const background = base ? composite(sheet.colour(on), base) : sheet.colour(on);
    if (background.a < 1) throw new Error(`${on} is translucent: name the surface it sits on`);
    const ratio = contrastRatio(composite(sheet.colour(text), background), background);
    return ratio >= AA_TEXT
      ? []
      : [`${theme}: ${text} on ${on}${over ? ` over ${over}` : ''} is ${ratio.toFixed(2)}:1`];
  });
}

describe('colour tokens reach WCAG AA text contrast (4.5:1)', () => {
  const css = readTokensCss();

  it.each<ThemeName>(['light', 'dark'])('%s theme', (theme) => {
    expect(shortfalls(css, theme)).toEqual([]);
  });

  it('catches a regression: the old grey #8d9aa8 on white fails', () => {
    const oldGrey = css.replace(/(:root\s*\{[^}]*--k-text-3:\s*)#[0-9a-f]+/i, '$1#8d9aa8');
    expect(oldGrey).not.toBe(css);
    expect(shortfalls(oldGrey, 'light')).toContain('light: --k-text-3 on --k-surface is 2.87:1');
  });

  it('catches a regression: the old rise green #12b76a fails', () => {
    const oldGreen = css.replace(/(:root\s*\{[^}]*--k-green:\s*)#[0-9a-f]+/i, '$1#12b76a');
    expect(shortfalls(oldGreen, 'light')).toEqual(
      expect.arrayContaining([
        'light: --k-rise on --k-surface is 2.62:1',
        'light: --k-text-on-fill on --k-rise is 2.62:1',
      ]),
    );
  });

  it('every dark override names a token the light theme defines', () => {
    const rules = declarationsBySelector(css);
    const light = rules.get(':root');
    const dark = rules.get(":root[data-theme='dark']");
    expect(dark?.size).toBeGreaterThan(0);
    const unknown = [...(dark?.keys() ?? [])].filter((name) => !light?.has(name));
    expect(unknown).toEqual([]);
  });

  it('red-up swaps exactly the rise and fall tokens', () => {
    const redUp = declarationsBySelector(css).get('html.red-up');
    expect(Object.fromEntries(redUp ?? [])).toEqual({
      '--k-rise': 'var(--k-red)',
      '--k-rise-soft': 'var(--k-red-soft)',
      '--k-fall': 'var(--k-green)',
      '--k-fall-soft': 'var(--k-green-soft)',
    });
  });
});
