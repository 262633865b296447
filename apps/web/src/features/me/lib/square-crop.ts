/*
 * The square crop of a new avatar, as pure geometry. The picked image is shown in a square viewport,
 * scaled to cover it (its short side fills the viewport), then zoomed and moved by the customer; what
 * the viewport shows is the crop. The image always covers the viewport: no empty corner can be chosen.
 */

/** The largest zoom on top of "cover": enough to pick a face out of a group photo. */
export const ZOOM_MAX = 4;

/** The avatar's side in pixels: sharp on a 3x screen at 72 px, small to upload (about 15-30 kB). */
export const AVATAR_SIDE = 256;

/** JPEG quality of the avatar. */
export const AVATAR_QUALITY = 0.85;

export interface ImageSize {
  width: number;
  height: number;
}

/** What the customer chose: the zoom (1 = cover) and how far the image's centre moved, in viewport px. */
export interface CropView {
  zoom: number;
  offsetX: number;
  offsetY: number;
}

export const CENTRED: CropView = { zoom: 1, offsetX: 0, offsetY: 0 };

function scaleOf(image: ImageSize, viewport: number, zoom: number): number {
  return (viewport / Math.min(image.width, image.height)) * zoom;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The view with its zoom within 1..ZOOM_MAX and its offset where the image still covers the viewport. */
export function clampView(image: ImageSize, viewport: number, view: CropView): CropView {
  const zoom = clamp(Number.isFinite(view.zoom) ? view.zoom : 1, 1, ZOOM_MAX);
  const scale = scaleOf(image, viewport, zoom);
  const spareX = Math.max(0, (image.width * scale - viewport) / 2);
  const spareY = Math.max(0, (image.height * scale - viewport) / 2);
  return {
    zoom,
    offsetX: clamp(Number.isFinite(view.offsetX) ? view.offsetX : 0, -spareX, spareX),
    offsetY: clamp(Number.isFinite(view.offsetY) ? view.offsetY : 0, -spareY, spareY),
  };
}

/** Where the image is drawn in the viewport (px): its top-left corner and its shown size. */
export function shownRect(image: ImageSize, viewport: number, view: CropView) {
  const { zoom, offsetX, offsetY } = clampView(image, viewport, view);
  const scale = scaleOf(image, viewport, zoom);
  const width = image.width * scale;
  const height = image.height * scale;
  return { left: (viewport - width) / 2 + offsetX, top: (viewport - height) / 2 + offsetY, width, height };
}

/** The square of the image (in its own pixels) that the viewport shows: what is drawn into the avatar. */
export function cropRect(image: ImageSize, viewport: number, view: CropView) {
  const { zoom, offsetX, offsetY } = clampView(image, viewport, view);
  const scale = scaleOf(image, viewport, zoom);
  const side = viewport / scale;
  const centreX = image.width / 2 - offsetX / scale;
  const centreY = image.height / 2 - offsetY / scale;
  return {
    x: clamp(centreX - side / 2, 0, image.width - side),
    y: clamp(centreY - side / 2, 0, image.height - side),
    side,
  };
}

/** The view after dragging by (dx, dy) viewport px from `start`. */
export function dragged(image: ImageSize, viewport: number, start: CropView, dx: number, dy: number): CropView {
  return clampView(image, viewport, { ...start, offsetX: start.offsetX + dx, offsetY: start.offsetY + dy });
}

/**
 * The view at another zoom, keeping the point under the viewport's centre where it is (the offset
 * grows with the scale), so zooming in looks at what the customer centred.
 */
export function zoomed(image: ImageSize, viewport: number, view: CropView, zoom: number): CropView {
  const current = clampView(image, viewport, view);
  const next = clamp(zoom, 1, ZOOM_MAX);
  const ratio = next / current.zoom;
  return clampView(image, viewport, { zoom: next, offsetX: current.offsetX * ratio, offsetY: current.offsetY * ratio });
}
