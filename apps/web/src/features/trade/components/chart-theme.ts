/** Colours of the chart, read from the design tokens so the rise/fall preference (html.red-up) applies. */
export interface ChartColours {
  rise: string;
  fall: string;
  text: string;
  grid: string;
  line: string;
  lineTop: string;
}

export function chartColours(root: HTMLElement = document.documentElement): ChartColours {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  // The tokens chain (--k-rise: var(--k-green)); computed values come back resolved.
  const redUp = root.classList.contains('red-up');
  const green = read('--k-green', '#067647');
  const red = read('--k-red', '#c8281c');
  return {
    rise: redUp ? red : green,
    fall: redUp ? green : red,
    text: read('--k-text-3', '#5f6b7a'),
    grid: read('--k-divider', '#edf0f3'),
    line: read('--k-brand', '#00aaff'),
    lineTop: 'rgba(0, 170, 255, 0.22)',
  };
}

/** rgba() of a #rrggbb colour, for the translucent volume bars. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const [, r, g, b] = match;
  return `rgba(${parseInt(r ?? '0', 16)}, ${parseInt(g ?? '0', 16)}, ${parseInt(b ?? '0', 16)}, ${alpha})`;
}
