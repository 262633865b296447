import { describe, expect, it } from 'vitest';
import { CompressionError, compressedSize, dataUrlBytes } from './image-compression';

describe('compression sizing (SPEC §5: width 800, scale down at 3264 x 2448)', () => {
  it('brings a camera photo to width 800, keeping the aspect ratio', () => {
    expect(compressedSize(3264, 2448)).toEqual({ width: 800, height: 600 });
    expect(compressedSize(4032, 3024)).toEqual({ width: 800, height: 600 });
    expect(compressedSize(2448, 3264)).toEqual({ width: 800, height: 1067 });
  });

  it('never enlarges a small image', () => {
    expect(compressedSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(compressedSize(800, 200)).toEqual({ width: 800, height: 200 });
  });

  it('keeps a tall screenshot inside the upload bounds (long side 3264)', () => {
    const size = compressedSize(1080, 12000);
    expect(size.height).toBeLessThanOrEqual(3264);
    expect(size.width).toBeLessThanOrEqual(800);
    expect(size).toEqual({ width: 294, height: 3264 });
  });

  it('does not shrink a thin strip below 16 px', () => {
    expect(compressedSize(4000, 40).height).toBe(16);
    expect(compressedSize(4000, 40).width).toBe(1600);
    expect(compressedSize(100, 10)).toEqual({ width: 100, height: 10 });
  });

  it('refuses a size that is not one', () => {
    expect(() => compressedSize(0, 100)).toThrow(CompressionError);
    expect(() => compressedSize(Number.NaN, 100)).toThrow(CompressionError);
  });

  it('counts the decoded bytes of a data URL', () => {
    expect(dataUrlBytes('data:image/jpeg;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/jpeg;base64,QUI=')).toBe(2);
    expect(dataUrlBytes('data:image/jpeg;base64,QQ==')).toBe(1);
  });
});
