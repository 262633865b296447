import { useState } from 'react';
import { coinImage } from '../lib/format';

/**
 * The base coin's published image, or its letters on a brand circle when the image cannot load. Its
 * own small component rather than shared/ui/ProductIcon: a lazy screen sharing that module with home's
 * quote rows splits it into one more first-screen chunk, which the first screen's budget cannot carry.
 */
export function CoinIcon({ coin, size }: { coin: string; size: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: size * (coin.length > 3 ? 0.26 : 0.32) };
  if (failed) {
    return (
      <span className="bibi-coin bibi-coin--letters" style={style} aria-hidden="true">
        {coin.slice(0, 4)}
      </span>
    );
  }
  return (
    <img
      className="bibi-coin"
      src={coinImage({ baseCurrencyName: coin })}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
