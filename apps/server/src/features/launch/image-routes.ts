import type { FastifyInstance } from 'fastify';

const PALETTE = [
  '#1677ff',
  '#00aaff',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#fa541c',
  '#a0d911',
];

function colourOf(text: string): string {
  let hash = 0;
  for (const character of text) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#1677ff';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A badge for a product or currency without a logo of its own: its letters on a stable colour. */
export function badgeSvg(code: string): string {
  // Pairs show their base (X:BTCUSD -> BTC); a plain code such as USD shows itself.
  const base = code.includes(':') ? code.replace(/^[A-Z]:/, '').replace(/USD$/, '') : code;
  const letters = escapeXml(base.slice(0, 4) || '?');
  const size = letters.length > 3 ? 13 : 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colourOf(code)}"/><text x="32" y="37" font-family="system-ui,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`;
}

export function imageRoutes(app: FastifyInstance): void {
  for (const folder of ['products', 'currencies']) {
    app.get<{ Params: { file: string } }>(`/img/${folder}/:file`, async (request, reply) => {
      const code = decodeURIComponent(request.params.file)
        .replace(/\.svg$/, '')
        .slice(0, 32);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(badgeSvg(code));
    });
  }
}
