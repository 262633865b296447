/**
 * The invite link as a QR code. The `qrcode` package is loaded on first use (it is not needed before the
 * poster opens, and the first screen's budget has no room for it); only its encoder is used: the modules
 * it computes are drawn here, as an SVG image on the page and as squares on the saved poster's canvas.
 */

/** The symbol: `size` x `size` modules, row by row, true where a module is dark. */
export interface QrMatrix {
  size: number;
  dark: readonly boolean[];
}

/** Modules of light border each side, as the standard asks (the "quiet zone"). */
export const QR_QUIET_ZONE = 4;

/** Encodes `text` (byte mode, error correction M: a quarter of the symbol may be smudged). */
export async function qrMatrixOf(text: string): Promise<QrMatrix> {
  const loaded = await import('qrcode');
  // A CommonJS module: its functions arrive on the namespace or only on its default export, by bundler.
  const qrcode = typeof loaded.create === 'function' ? loaded : loaded.default;
  const { modules } = qrcode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (bit) => bit === 1) };
}

/**
 * The symbol as an SVG path with its quiet zone, one unit per module: each row's runs of dark modules
 * as one rectangle each, so the file stays small and the edges crisp at any size.
 */
export function qrSvgOf(matrix: QrMatrix, { dark = '#0c1a29', light = '#ffffff' } = {}): string {
  const full = matrix.size + QR_QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < matrix.size; row += 1) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark[row * matrix.size + column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark[row * matrix.size + column]) column += 1;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${column - start}v1h${start - column}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="${light}"/><path d="${path}" fill="${dark}"/></svg>`
  );
}

/** The SVG as a `data:` URL for an <img> (the app's policy allows data: images). */
export function qrDataUrlOf(matrix: QrMatrix, colours?: { dark?: string; light?: string }): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgOf(matrix, colours))}`;
}
