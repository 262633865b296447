/**
 * Reads the colour tokens out of tokens.css for tests, so a test checks the values the app ships rather
 * than a copy of them: each theme's custom properties with `var()` chains resolved, and WCAG 2.x
 * contrast between two of them (translucent colours composited over a named base first).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type ThemeName = 'light' | 'dark';

/** The selector of each theme's block; dark overrides light, so unlisted dark tokens keep the light value. */
const THEME_SELECTORS: Record<ThemeName, readonly string[]> = {
  light: [':root'],
  dark: [':root', ":root[data-theme='dark']"],
};

export const TOKENS_CSS_PATH = fileURLToPath(new URL('../ui/tokens.css', import.meta.url));

export function readTokensCss(): string {
  return readFileSync(TOKENS_CSS_PATH, 'utf8');
}

/** The custom properties of each top-level rule, keyed by its selector (the file has no nesting). */
export function declarationsBySelector(css: string): Map<string, Map<string, string>> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules = new Map<string, Map<string, string>>();
  for (const match of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    // A selector list (`:root, :root[data-theme='dark']`) gives its declarations to each selector.
    for (const listed of (match[1] ?? '').split(',')) {
      const selector = listed.trim().replace(/"/g, "'");
      const declarations = rules.get(selector) ?? new Map<string, string>();
      addDeclarations(declarations, match[2] ?? '');
      rules.set(selector, declarations);
    }
  }
  return rules;
}

function addDeclarations(declarations: Map<string, string>, block: string): void {
  for (const declaration of block.split(';')) {
    const colon = declaration.indexOf(':');
    const name = declaration.slice(0, colon).trim();
    if (colon < 0 || !name.startsWith('--')) continue;
    declarations.set(
      name,
      declaration
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, ' '),
    );
  }
}

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export class TokenSheet {
  private readonly raw: Map<string, string>;

  constructor(css: string, theme: ThemeName) {
    const rules = declarationsBySelector(css);
    this.raw = new Map();
    for (const selector of THEME_SELECTORS[theme]) {
      const declarations = rules.get(selector);
      if (!declarations) throw new Error(`tokens.css has no ${selector} block`);
      for (const [name, value] of declarations) this.raw.set(name, value);
    }
  }

  /** A token's value with every `var(--x)` replaced, as the browser computes it on <html>. */
  value(name: string, seen: readonly string[] = []): string {
    if (seen.includes(name)) throw new Error(`token cycle: ${[...seen, name].join(' -> ')}`);
    const raw = this.raw.get(name);
    if (raw === undefined) throw new Error(`tokens.css does not define ${name}`);
    return raw.replace(/var\((--[\w-]+)\)/g, (_, inner: string) => this.value(inner, [...seen, name]));
  }

  colour(name: string): Rgba {
    return parseColour(this.value(name), name);
  }
}

export function parseColour(text: string, label = text): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (hex) {
    const digits = hex[1] ?? '';
    const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const rgba = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(text);
  if (rgba) {
    return {
      r: Number(rgba[1]),
      g: Number(rgba[2]),
      b: Number(rgba[3]),
      a: rgba[4] === undefined ? 1 : Number(rgba[4]),
    };
  }
  throw new Error(`${label}: "${text}" is not a colour this check reads (#rgb, #rrggbb, rgb(), rgba())`);
}

/** `top` painted over an opaque `base` (what the eye sees through a translucent colour). */
export function composite(top: Rgba, base: Rgba): Rgba {
  const mix = (over: number, under: number) => over * top.a + under * (1 - top.a);
  return { r: mix(top.r, base.r), g: mix(top.g, base.g), b: mix(top.b, base.b), a: 1 };
}

/** WCAG 2.x relative luminance of an opaque sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}
