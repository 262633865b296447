import { useState } from 'react';
import { fillClass, type Tint } from '../../../shared/ui/tint';
import { onCurrentLine } from '../lib/currency-format';

/** Each currency's accent, near its brand colour, from the theme tokens (readable in both themes). */
const TINTS: Record<string, Tint> = {
  USDT: 'green',
  BTC: 'amber',
  ETH: 'indigo',
  USD: 'brand',
  EUR: 'cyan',
};

/** A currency's image, or its first letters on a tinted circle when there is none or it fails. */
export function CurrencyIcon({ name, src, size = 36 }: { name: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span
        className={`m-currency-icon m-currency-icon--letters ${fillClass(TINTS[name] ?? 'neutral')}`}
        style={{ ...style, fontSize: size * 0.3 }}
        aria-hidden="true"
      >
        {name.slice(0, 4)}
      </span>
    );
  }
  return (
    <img
      className="m-currency-icon"
      src={onCurrentLine(src)}
      alt=""
      width={size}
      height={size}
      style={style}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
