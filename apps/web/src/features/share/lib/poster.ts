/**
 * The invitation poster as a PNG: the same card the screen shows (brand header with the app's name and
 * the invitation, a white panel with the QR code, the invite code and the link), drawn on a canvas at
 * twice its size so it stays sharp on a phone, then offered as a download.
 */
import { QR_QUIET_ZONE, type QrMatrix } from './qr';

export interface PosterContent {
  appName: string;
  headline: string;
  tagline: string;
  scanHint: string;
  codeLabel: string;
  inviteCode: string;
  link: string;
  qr: QrMatrix;
  /** The app's logo, when it loaded (the poster is drawn without it otherwise). */
  logo: CanvasImageSource | null;
  /** The customer's language's direction, for the translated lines. */
  direction: 'ltr' | 'rtl';
  fontFamily: string;
}

/** The poster's width in CSS pixels (a phone's), and how many image pixels each one gets. */
export const POSTER_WIDTH = 375;
export const POSTER_SCALE = 2;

const COLOURS = {
  brandFrom: '#00aaff',
  brandTo: '#0077c2',
  onBrand: '#ffffff',
  onBrandSoft: 'rgba(255, 255, 255, 0.88)',
  panel: '#ffffff',
  text: '#0c1a29',
  textSoft: '#526173',
  textFaint: '#8d9aa8',
  code: '#0090d8',
  divider: '#edf0f3',
  qrDark: '#0c1a29',
};

const MARGIN = 24;
const PANEL_PADDING = 24;
const QR_SIZE = 200;
const LOGO_SIZE = 56;

/**
 * Splits `text` into lines no wider than `maxWidth`: at spaces where the language has them, anywhere
 * inside a word that is wider than a line (Chinese, Japanese and Thai sentences have no spaces), and
 * anywhere at all when `anywhere` (a link).
 */
export function wrapLines(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  { anywhere = false }: { anywhere?: boolean } = {},
): string[] {
  const lines: string[] = [];
  let line = '';
  const pushLine = () => {
    if (line.trim() !== '') lines.push(line.trim());
    line = '';
  };
  const addByCharacter = (piece: string) => {
    for (const character of piece) {
      if (line !== '' && measure(line + character) > maxWidth) pushLine();
      line += line === '' ? character.trimStart() : character;
    }
  };
  if (anywhere) {
    addByCharacter(text);
  } else {
    for (const word of text.match(/\S+\s*/g) ?? []) {
      if (measure(line + word.trimEnd()) <= maxWidth) line += word;
      else {
        pushLine();
        if (measure(word.trimEnd()) <= maxWidth) line = word;
        else addByCharacter(word);
      }
    }
  }
  pushLine();
  return lines;
}

function roundedRect(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  r: number,
) {
  context.beginPath();
  context.moveTo(x + r, y);
  context.lineTo(x + width - r, y);
  context.arcTo(x + width, y, x + width, y + r, r);
  context.lineTo(x + width, y + height - r);
  context.arcTo(x + width, y + height, x + width - r, y + height, r);
  context.lineTo(x + r, y + height);
  context.arcTo(x, y + height, x, y + height - r, r);
  context.lineTo(x, y + r);
  context.arcTo(x, y, x + r, y, r);
  context.closePath();
}

/** Where the poster's parts fall, in CSS pixels: what the background needs before the content is drawn. */
interface PosterLayout {
  height: number;
  panelTop: number;
  panelBottom: number;
}

/** The brand background with its two soft circles, and the white panel with its shadow. */
function paintBackground(context: CanvasRenderingContext2D, { height, panelTop, panelBottom }: PosterLayout) {
  const width = POSTER_WIDTH;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, COLOURS.brandFrom);
  gradient.addColorStop(1, COLOURS.brandTo);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'rgba(255, 255, 255, 0.08)';
  context.beginPath();
  context.arc(width - 20, 40, 110, 0, Math.PI * 2);
  context.fill();
  context.beginPath();
  context.arc(20, height - 60, 90, 0, Math.PI * 2);
  context.fill();
  context.save();
  context.shadowColor = 'rgba(0, 60, 110, 0.25)';
  context.shadowBlur = 24;
  context.shadowOffsetY = 8;
  context.fillStyle = COLOURS.panel;
  roundedRect(context, MARGIN, panelTop, width - MARGIN * 2, panelBottom - panelTop, 18);
  context.fill();
  context.restore();
}

/**
 * Lays the poster out and returns where its parts fall. Run once with `layout` null to measure (the
 * canvas is then sized, which clears it), then again with that layout to paint: background first, then
 * the texts and the QR code over it.
 */
function paint(context: CanvasRenderingContext2D, content: PosterContent, layout: PosterLayout | null): PosterLayout {
  const draw = layout !== null;
  if (layout) paintBackground(context, layout);
  const width = POSTER_WIDTH;
  const centre = width / 2;
  const textWidth = width - MARGIN * 2;
  const font = (weight: number, size: number) => `${weight} ${size}px ${content.fontFamily}`;
  const lines = (
    text: string,
    style: { weight: number; size: number; lineHeight: number; colour: string; maxWidth: number },
    y: number,
    options: { anywhere?: boolean; direction?: 'ltr' | 'rtl' } = {},
  ): number => {
    context.font = font(style.weight, style.size);
    const wrapped = wrapLines(text, style.maxWidth, (piece) => context.measureText(piece).width, options);
    if (draw) {
      context.fillStyle = style.colour;
      context.direction = options.direction ?? content.direction;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      wrapped.forEach((line, index) => context.fillText(line, centre, y + style.lineHeight * (index + 0.5)));
    }
    return y + wrapped.length * style.lineHeight;
  };

  // The brand header.
  let y = 36;
  if (content.logo) {
    if (draw) context.drawImage(content.logo, centre - LOGO_SIZE / 2, y, LOGO_SIZE, LOGO_SIZE);
    y += LOGO_SIZE + 10;
  }
  y = lines(
    content.appName,
    { weight: 800, size: 22, lineHeight: 30, colour: COLOURS.onBrand, maxWidth: textWidth },
    y,
  );
  y += 14;
  y = lines(
    content.headline,
    { weight: 700, size: 20, lineHeight: 28, colour: COLOURS.onBrand, maxWidth: textWidth },
    y,
  );
  y += 6;
  y = lines(
    content.tagline,
    { weight: 400, size: 14, lineHeight: 21, colour: COLOURS.onBrandSoft, maxWidth: textWidth },
    y,
  );
  y += 24;

  // The white panel: QR code, its hint, the code and the link.
  const panelTop = y;
  const panelWidth = width - MARGIN * 2;
  const innerWidth = panelWidth - PANEL_PADDING * 2;
  const panelBody = (at: number): number => {
    let inner = at + PANEL_PADDING;
    if (draw) drawQr(context, content.qr, centre - QR_SIZE / 2, inner, QR_SIZE);
    inner += QR_SIZE + 8;
    inner = lines(
      content.scanHint,
      { weight: 400, size: 13, lineHeight: 19, colour: COLOURS.textSoft, maxWidth: innerWidth },
      inner,
    );
    inner += 14;
    if (draw) {
      context.fillStyle = COLOURS.divider;
      context.fillRect(MARGIN + PANEL_PADDING, inner, innerWidth, 1);
    }
    inner += 14;
    inner = lines(
      content.codeLabel,
      { weight: 400, size: 12, lineHeight: 17, colour: COLOURS.textFaint, maxWidth: innerWidth },
      inner,
    );
    inner += 2;
    inner = lines(
      content.inviteCode,
      { weight: 800, size: 28, lineHeight: 36, colour: COLOURS.code, maxWidth: innerWidth },
      inner,
      { anywhere: true, direction: 'ltr' },
    );
    inner += 8;
    inner = lines(
      content.link,
      { weight: 400, size: 11, lineHeight: 16, colour: COLOURS.textSoft, maxWidth: innerWidth },
      inner,
      { anywhere: true, direction: 'ltr' },
    );
    return inner + PANEL_PADDING;
  };
  const panelBottom = panelBody(panelTop);
  return { height: panelBottom + MARGIN + 8, panelTop, panelBottom };
}

/** The QR code with its quiet zone, each module a whole number of image pixels so no seams show. */
function drawQr(context: CanvasRenderingContext2D, qr: QrMatrix, x: number, y: number, size: number) {
  const modules = qr.size + QR_QUIET_ZONE * 2;
  const module = Math.max(1, Math.floor((size * POSTER_SCALE) / modules)) / POSTER_SCALE;
  const drawn = module * modules;
  const left = Math.round((x + (size - drawn) / 2) * POSTER_SCALE) / POSTER_SCALE;
  const top = Math.round((y + (size - drawn) / 2) * POSTER_SCALE) / POSTER_SCALE;
  context.fillStyle = '#ffffff';
  context.fillRect(x, y, size, size);
  context.fillStyle = COLOURS.qrDark;
  for (let row = 0; row < qr.size; row += 1) {
    for (let column = 0; column < qr.size; column += 1) {
      if (qr.dark[row * qr.size + column]) {
        context.fillRect(
          left + (column + QR_QUIET_ZONE) * module,
          top + (row + QR_QUIET_ZONE) * module,
          module,
          module,
        );
      }
    }
  }
}

/** Draws the poster on `canvas` (sized to fit it). Throws when the browser gives no 2D context. */
export function drawPoster(canvas: HTMLCanvasElement, content: PosterContent): void {
  const measuring = canvas.getContext('2d');
  if (!measuring) throw new Error('no 2D canvas');
  const layout = paint(measuring, content, null);
  canvas.width = POSTER_WIDTH * POSTER_SCALE;
  canvas.height = Math.ceil(layout.height * POSTER_SCALE);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.setTransform(POSTER_SCALE, 0, 0, POSTER_SCALE, 0, 0);
  paint(context, content, layout);
}

/** The poster as a PNG. Rejects when it cannot be drawn or encoded (a canvas too large, a tainted one). */
export async function posterPng(content: PosterContent): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawPoster(canvas, content);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas gave no image');
  return blob;
}

/** Offers `blob` as a download named `fileName` (an <a download> on a blob URL, released afterwards). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Long enough for the browser to start the download, then the memory is released.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/**
 * The app's logo for the poster, or null when it does not load in time (a missing or foreign logo leaves
 * it out rather than failing the poster). Loaded for CORS, so it can never taint the canvas.
 */
export function loadPosterImage(src: string, timeoutMs = 3_000): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    image.crossOrigin = 'anonymous';
    image.onload = () => {
      window.clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    image.src = src;
  });
}
