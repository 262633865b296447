import { describe, expect, it } from 'vitest';
import { wrapLines } from './poster';
import { QR_QUIET_ZONE, qrDataUrlOf, qrMatrixOf, qrSvgOf } from './qr';

/** Every character 10 units wide. */
const measure = (text: string) => [...text].length * 10;

describe('poster text', () => {
  it('wraps at spaces, keeping each line within the width', () => {
    expect(wrapLines('Register with my invite code', 120, measure)).toEqual(['Register', 'with my', 'invite code']);
    for (const line of wrapLines('Markets, coin-to-coin exchange and staking in one app.', 150, measure)) {
      expect(measure(line)).toBeLessThanOrEqual(150);
    }
  });

  it('breaks a sentence without spaces anywhere, and a link anywhere at all', () => {
    expect(wrapLines('扫码注册立即加入我们', 40, measure)).toEqual(['扫码注册', '立即加入', '我们']);
    expect(wrapLines('https://a.example/#/x?y=1', 100, measure, { anywhere: true })).toEqual([
      'https://a.',
      'example/#/',
      'x?y=1',
    ]);
  });

  it('keeps a short text on one line and an empty one on none', () => {
    expect(wrapLines('Invite code', 500, measure)).toEqual(['Invite code']);
    expect(wrapLines('   ', 500, measure)).toEqual([]);
  });
});

describe('QR code', () => {
  it('encodes the link into a square symbol with its three finder patterns', async () => {
    const matrix = await qrMatrixOf('http://127.0.0.1:8090/#/pages/user/register?inviteCode=KESTREL1');
    expect((matrix.size - 17) % 4).toBe(0);
    expect(matrix.dark).toHaveLength(matrix.size * matrix.size);
    const dark = (row: number, column: number) => matrix.dark[row * matrix.size + column];
    // Each finder pattern: a dark 7x7 ring around a light ring around a dark 3x3 centre.
    for (const [top, left] of [
      [0, 0],
      [0, matrix.size - 7],
      [matrix.size - 7, 0],
    ] as const) {
      expect(dark(top, left)).toBe(true);
      expect(dark(top + 6, left + 6)).toBe(true);
      expect(dark(top + 1, left + 1)).toBe(false);
      expect(dark(top + 3, left + 3)).toBe(true);
    }
  });

  it('draws the symbol as one SVG path, with the quiet zone around it', () => {
    const matrix = { size: 2, dark: [true, true, false, true] };
    const svg = qrSvgOf(matrix);
    const full = 2 + QR_QUIET_ZONE * 2;
    expect(svg).toContain(`viewBox="0 0 ${full} ${full}"`);
    // Row 0: one run of two modules; row 1: one module.
    expect(svg).toContain(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h2v1h-2z`);
    expect(svg).toContain(`M${QR_QUIET_ZONE + 1} ${QR_QUIET_ZONE + 1}h1v1h-1z`);
    expect(qrDataUrlOf(matrix)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
