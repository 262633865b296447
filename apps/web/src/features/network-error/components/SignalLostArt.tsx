/** A phone-signal glyph with a broken bar: the "network signal lost" illustration, in theme tokens. */
export function SignalLostArt() {
  return (
    <svg className="network-error__art" viewBox="0 0 180 140" aria-hidden="true">
      <circle cx="90" cy="72" r="62" fill="var(--k-brand-soft)" />
      <rect x="52" y="86" width="14" height="22" rx="4" fill="var(--k-brand)" />
      <rect x="74" y="70" width="14" height="38" rx="4" fill="var(--k-brand)" />
      <rect x="96" y="54" width="14" height="54" rx="4" fill="var(--k-border-strong)" />
      <rect x="118" y="38" width="14" height="70" rx="4" fill="var(--k-border-strong)" />
      <circle cx="128" cy="36" r="16" fill="var(--k-surface)" stroke="var(--k-red)" strokeWidth="3" />
      <path d="M121 29 L135 43 M135 29 L121 43" stroke="var(--k-red)" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
