import { useState } from 'react';
import { onCurrentLine } from '../lib/server-url';

/** The first letter of a name, upper-cased ("?" for none). */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/**
 * The customer's avatar: their image (served on the current line), or the first letter of their name
 * on the brand gradient when there is none or it fails to load.
 */
export function Avatar({
  src,
  name,
  className,
  size = 72,
}: {
  src: string;
  name: string;
  className: string;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`${className} ${className}--initials`} aria-hidden="true">
        {initialOf(name)}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={onCurrentLine(src)}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(src)}
      data-testid="avatar-image"
    />
  );
}
