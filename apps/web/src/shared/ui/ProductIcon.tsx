import { useState } from 'react';
import './product-icon.css';

/** The letters a product is known by: "X:BTCUSD" -> "BTC", "C:EURUSD" -> "EUR", "AAPL" -> "AAPL". */
export function productLetters(productCode: string): string {
  const bare = productCode.replace(/^[A-Z]:/, '');
  const withoutQuote = bare.length > 4 ? bare.replace(/USD$/, '') : bare;
  return withoutQuote.slice(0, 4) || '?';
}

/** The product's image (`productImg`), or its letters on a brand circle when the image cannot load. */
export function ProductIcon({ src, productCode, size = 36 }: { src: string; productCode: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    const letters = productLetters(productCode);
    return (
      <span
        className="product-icon product-icon--letters"
        style={{ ...style, fontSize: size * (letters.length > 3 ? 0.26 : 0.32) }}
        aria-hidden="true"
      >
        {letters}
      </span>
    );
  }
  return (
    <img
      className="product-icon"
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
