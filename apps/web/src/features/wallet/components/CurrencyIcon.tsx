import { useState } from 'react';
import { onCurrentLine } from '../lib/currency-format';

const TINTS: Record<string, string> = {
  USDT: '#26a17b',
  BTC: '#f7931a',
  ETH: '#627eea',
  USD: '#2e90fa',
  EUR: '#6172f3',
};

/** A currency's image, or its first letters on a tinted circle when there is none or it fails. */
export function CurrencyIcon({ name, src, size = 36 }: { name: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span
        className="m-currency-icon m-currency-icon--letters"
        style={{ ...style, background: TINTS[name] ?? '#667085', fontSize: size * 0.3 }}
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
