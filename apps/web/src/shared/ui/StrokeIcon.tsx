/**
 * Line icons drawn as one stroked path each (24 x 24, 1.8 px, round caps). They cost a few dozen
 * bytes apiece where an icon-library glyph costs about a kilobyte, which matters for the tab bar and
 * home: both load with the first screen, under its 170 kB budget. Other screens may use either.
 */
const ICON_PATHS = {
  home: 'M3 11 12 3.5 21 11M5.5 9v11h13V9M10 20v-5.5h4V20',
  markets: 'M7 3v4m0 9v5M17 3v3m0 10v5M5 7h4v9H5zm10-1h4v10h-4z',
  trade: 'M4 8.5h15l-4.5-4.5M20 15.5H5l4.5 4.5',
  wallet: 'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v2.5M4 7.5V18a2 2 0 0 0 2 2h14V10H6.5A2.5 2.5 0 0 1 4 7.5m12 7.5h1',
  me: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8m-8 9a8 8 0 0 1 16 0',
  deposit: 'M12 3v11m0 0-4-4m4 4 4-4M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  withdraw: 'M12 14V3m0 0L8 7m4-4 4 4M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  favorite: 'm12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z',
  service:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2m16 1a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2m-3 3a5 5 0 0 1-5 4',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zm4 5h4',
  notice: 'M4 10v4h3l6 4V6l-6 4zm13-1a4 4 0 0 1 0 6',
  send: 'M21 3 10.5 13.5M21 3l-6.5 18-4-7.5L3 9.5z',
  apps: 'M4 4h6v6H4zm10 0h6v6h-6zM4 14h6v6H4zm10 0h6v6h-6z',
} as const;

export type StrokeIconName = keyof typeof ICON_PATHS;

/** `name` may be any string (page-config icon names); unknown names draw a neutral grid. */
export function StrokeIcon({ name, size = '1em' }: { name: StrokeIconName | (string & {}); size?: number | string }) {
  const path = (ICON_PATHS as Record<string, string>)[name] ?? ICON_PATHS.apps;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
