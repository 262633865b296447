/**
 * The four small glyphs these screens draw, inline: each antd-mobile icon is a chunk of its own, and every
 * chunk a lazy screen imports is one more entry in the first screen's preload list.
 */
const common = { width: '1em', height: '1em', viewBox: '0 0 24 24', 'aria-hidden': true } as const;

export function CaretDown({ className }: { className?: string }) {
  return (
    <svg {...common} className={className}>
      <path d="M5 8h14l-7 9z" fill="currentColor" />
    </svg>
  );
}

export function Plus() {
  return (
    <svg {...common}>
      <path d="M12 4v16M4 12h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Minus() {
  return (
    <svg {...common}>
      <path d="M4 12h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Cross() {
  return (
    <svg {...common}>
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
