import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declarationsBySelector, readTokensCss, TokenSheet } from './token-sheet.test-helper';

/**
 * index.html's boot splash paints before the bundle (and tokens.css) load, so it carries its own copy
 * of three token values and a script that picks the theme. These tests keep the copy equal to
 * tokens.css and the script equal to the stored choice / system rule of shared/theme.
 */
const INDEX_HTML = readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url)), 'utf8');
const STYLE = /<style>([\s\S]*?)<\/style>/.exec(INDEX_HTML)?.[1] ?? '';
const SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(INDEX_HTML)?.[1] ?? '';

const BOOT_TO_TOKEN = { '--boot-surface': '--k-surface', '--boot-wash': '--k-brand-soft', '--boot-text': '--k-text-1' };

describe('the boot splash follows the theme', () => {
  const rules = declarationsBySelector(STYLE);
  const css = readTokensCss();

  it('uses the light and dark token values', () => {
    const blocks = {
      light: [':root'],
      dark: [":root[data-theme='dark']", ":root:not([data-theme='light'])"],
    } as const;
    for (const theme of ['light', 'dark'] as const) {
      const tokens = new TokenSheet(css, theme);
      for (const selector of blocks[theme]) {
        for (const [boot, token] of Object.entries(BOOT_TO_TOKEN)) {
          expect(rules.get(selector)?.get(boot), `${theme} ${selector} ${boot}`).toBe(tokens.value(token));
        }
      }
    }
  });

  /** Runs the script against a stand-in window and document; answers the data-theme it sets. */
  const runWith = (stored: string | null, systemDark: boolean): string | undefined => {
    const attributes = new Map<string, string>();
    const window = {
      localStorage: { getItem: (key: string) => (key === 'theme' ? stored : null) },
      matchMedia: (query: string) => ({ matches: systemDark && query.includes('dark') }),
    };
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value), style: {} },
    };
    new Function('window', 'document', SCRIPT)(window, document);
    return attributes.get('data-theme');
  };

  it('follows the system when nothing is stored, and the stored choice over it', () => {
    expect(runWith(null, false)).toBe('light');
    expect(runWith(null, true)).toBe('dark');
    expect(runWith('dark', false)).toBe('dark');
    expect(runWith('light', true)).toBe('light');
    expect(runWith('sepia', true)).toBe('dark');
  });
});
