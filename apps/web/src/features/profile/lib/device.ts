/*
 * A session's device as a person reads it ("Chrome on Android") from the user agent the server kept
 * (at most 200 characters, possibly anything). Browser and system names are proper names, the same in
 * every language; the screen words the sentence. Pure.
 */

export interface DeviceName {
  /** "Chrome", "Safari"...; null when the user agent names no browser we know. */
  browser: string | null;
  /** "Android", "iOS", "Windows"...; null when unknown. */
  system: string | null;
  /** What to show when neither is known: the agent's first word ("curl/8.5.0"), or '' for none. */
  fallback: string;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The first word of an agent we do not recognise, cut to 32 characters. */
function firstWord(userAgent: string): string {
  const word = userAgent.trim().split(/\s+/)[0] ?? '';
  return word.length > 32 ? `${word.slice(0, 31)}…` : word;
}

export function deviceNameOf(userAgent: string): DeviceName {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system, fallback: browser || system ? '' : firstWord(userAgent) };
}
