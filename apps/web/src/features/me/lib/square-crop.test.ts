import { describe, expect, it } from 'vitest';
import { CENTRED, clampView, cropRect, dragged, shownRect, zoomed, ZOOM_MAX } from './square-crop';

const wide = { width: 400, height: 200 };
const tall = { width: 300, height: 900 };
const square = { width: 100, height: 100 };

describe('square avatar crop', () => {
  it('centres a square crop of the short side by default', () => {
    expect(cropRect(wide, 264, CENTRED)).toEqual({ x: 100, y: 0, side: 200 });
    expect(cropRect(tall, 264, CENTRED)).toEqual({ x: 0, y: 300, side: 300 });
    expect(cropRect(square, 264, CENTRED)).toEqual({ x: 0, y: 0, side: 100 });
  });

  it('shows the image covering the viewport, centred', () => {
    const rect = shownRect(wide, 200, CENTRED);
    expect(rect).toEqual({ left: -100, top: 0, width: 400, height: 200 });
  });

  it('zooming in crops a smaller square around the same centre', () => {
    const view = zoomed(square, 200, CENTRED, 2);
    expect(view.zoom).toBe(2);
    expect(cropRect(square, 200, view)).toEqual({ x: 25, y: 25, side: 50 });
  });

  it('dragging right shows more of the left of the image, never past its edge', () => {
    const moved = dragged(wide, 200, CENTRED, 40, 0);
    expect(cropRect(wide, 200, moved)).toEqual({ x: 60, y: 0, side: 200 });
    const far = dragged(wide, 200, CENTRED, 10_000, 10_000);
    expect(far.offsetX).toBe(100);
    // The image is exactly as tall as the viewport: it cannot move vertically.
    expect(far.offsetY).toBe(0);
    expect(cropRect(wide, 200, far)).toEqual({ x: 0, y: 0, side: 200 });
    expect(cropRect(wide, 200, dragged(wide, 200, CENTRED, -10_000, 0))).toEqual({ x: 200, y: 0, side: 200 });
  });

  it('keeps the zoom between cover and the maximum, and ignores nonsense', () => {
    expect(clampView(square, 200, { zoom: 0.2, offsetX: 0, offsetY: 0 }).zoom).toBe(1);
    expect(clampView(square, 200, { zoom: 99, offsetX: 0, offsetY: 0 }).zoom).toBe(ZOOM_MAX);
    expect(clampView(square, 200, { zoom: Number.NaN, offsetX: Number.NaN, offsetY: 5 })).toEqual({
      zoom: 1,
      offsetX: 0,
      offsetY: 0,
    });
  });

  it('zooming out pulls an offset back inside the image', () => {
    const view = dragged(square, 200, zoomed(square, 200, CENTRED, 3), 150, -150);
    expect(view).toEqual({ zoom: 3, offsetX: 150, offsetY: -150 });
    const out = zoomed(square, 200, view, 1.5);
    expect(out.offsetX).toBeCloseTo(50);
    expect(out.offsetY).toBeCloseTo(-50);
    const crop = cropRect(square, 200, out);
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y + crop.side).toBeLessThanOrEqual(100);
  });

  it('every crop lies inside the image, whatever the view', () => {
    for (const image of [wide, tall, square, { width: 3264, height: 17 }]) {
      for (const zoom of [1, 1.7, ZOOM_MAX]) {
        for (const [dx, dy] of [
          [0, 0],
          [999, -999],
          [-37, 12],
        ] as const) {
          const crop = cropRect(image, 264, dragged(image, 264, zoomed(image, 264, CENTRED, zoom), dx, dy));
          expect(crop.x).toBeGreaterThanOrEqual(0);
          expect(crop.y).toBeGreaterThanOrEqual(0);
          expect(crop.x + crop.side).toBeLessThanOrEqual(image.width + 1e-9);
          expect(crop.y + crop.side).toBeLessThanOrEqual(image.height + 1e-9);
        }
      }
    }
  });
});
