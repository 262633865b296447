import { spawn } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs a server script (`npm run staff`, ...) to its end. Asynchronous on purpose: a synchronous spawn
 * froze this process's event loop for seconds, so fetch's pooled keep-alive sockets outlived the
 * server's keep-alive timeout unnoticed and the next request met a closed socket ("other side closed").
 */
export function runScript(
  script: string,
  args: string[],
  environment: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, ...environment },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A real PNG (a receipt-like grey card with stripes) written to a temporary file, for the proof upload. */
export function receiptPng(width = 240, height = 320): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 0xf4);
    row[0] = 0;
    if (y % 24 < 6 && y > 20) for (let x = 20; x < width - 20; x += 1) row.fill(0xc8, 1 + x * 3, 4 + x * 3);
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-receipt-')), 'receipt.png');
  writeFileSync(file, png);
  return file;
}

/** A small operator client over the real API (the console comes later). */
export class OperatorClient {
  private token = '';

  constructor(private readonly baseUrl: string) {}

  /** Any operator call: a form body (or JSON with `json`), with a fresh Idempotency-Key on every POST. */
  async call(
    method: 'GET' | 'POST',
    url: string,
    body?: Record<string, string> | Record<string, unknown>,
    options: { json?: boolean } = {},
  ): Promise<{ code: number; msg: string; data?: unknown; rows?: unknown[] }> {
    const encoded = body
      ? options.json
        ? { type: 'application/json', text: JSON.stringify(body) }
        : {
            type: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(body as Record<string, string>).toString(),
          }
      : undefined;
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        authorization: this.token,
        ...(encoded ? { 'content-type': encoded.type, 'idempotency-key': randomUUID() } : {}),
      },
      body: encoded?.text,
    });
    return (await response.json()) as { code: number; msg: string; data?: unknown; rows?: unknown[] };
  }

  async login(username: string, password: string): Promise<void> {
    const answer = await this.call('POST', '/api/operator/login', {
      username,
      password,
      totpCode: await nextStaffCode(this.baseUrl, username),
    });
    if (answer.code !== 200) throw new Error(`operator login refused: ${answer.msg}`);
    this.token = (answer.data as { token: string }).token;
  }

  /** A raw GET with the staff token (e.g. a private image), not an envelope. */
  async raw(url: string): Promise<Response> {
    return fetch(`${this.baseUrl}${url}`, { headers: { authorization: this.token } });
  }

  async pending(kind: 'deposits' | 'withdrawals'): Promise<{ id: number }[]> {
    const answer = await this.call('GET', `/api/operator/${kind}?status=0`);
    if (answer.code !== 200) throw new Error(`operator list refused: ${answer.msg}`);
    return answer.rows as { id: number }[];
  }

  async review(path: string, id: number, reason: string): Promise<void> {
    const answer = await this.call('POST', path, { id: String(id), reason });
    if (answer.code !== 200) throw new Error(`operator ${path} refused: ${answer.msg}`);
  }
}

/**
 * Puts USDT on a customer's real account through the real flow: a receipt uploaded, a deposit requested
 * on USDT channel 1, and `staff` (finance or admin, logged in) confirming it.
 */
export async function confirmedUsdtDeposit(
  baseUrl: string,
  customerToken: string,
  amount: string,
  staff: OperatorClient,
): Promise<number> {
  const post = async (url: string, body: Record<string, string>, form: boolean) =>
    (await (
      await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: form
          ? {
              authorization: customerToken,
              'content-type': 'application/x-www-form-urlencoded',
              'idempotency-key': randomUUID(),
            }
          : { authorization: customerToken, 'content-type': 'application/json' },
        body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
      })
    ).json()) as { code: number; msg: string; data: { key?: string; id?: number } };
  const upload = await post(
    '/api/common/upload',
    { file: `data:image/png;base64,${readFileSync(receiptPng()).toString('base64')}` },
    false,
  );
  if (upload.code !== 200) throw new Error(`upload refused: ${upload.msg}`);
  const deposit = await post(
    '/api/userRecharge/inMoney',
    { rechargeAmount: amount, payChannelId: '1', rechargeImg: upload.data.key! },
    true,
  );
  if (deposit.code !== 200) throw new Error(`deposit refused: ${deposit.msg}`);
  await staff.review('/api/operator/deposits/confirm', deposit.data.id!, 'Receipt matches the statement');
  return deposit.data.id!;
}

/** The TOTP secret of each staff member `addStaffMember` created, by name (what their phone would hold). */
const staffSecrets = new Map<string, string>();
/** The last 30-second step each member signed in with: the server takes every code once. */
const lastStaffSteps = new Map<string, number>();
const TOTP_STEP_MS = 30_000;

/** `npm run staff -- add`, as an operator would, keeping the TOTP secret it prints once. */
export async function addStaffMember(
  server: { dataDirectory: string },
  member: { username: string; password: string },
  role: 'admin' | 'finance' | 'support' | 'content',
): Promise<{ totpSecret: string }> {
  const added = await runScript('apps/server/src/scripts/staff.ts', ['add', member.username, role], {
    KESTREL_DATA_DIR: server.dataDirectory,
    KESTREL_STAFF_PASSWORD: member.password,
  });
  const totpSecret = /TOTP secret[^:]*: ([A-Z2-7]+)/.exec(added.output)?.[1];
  if (added.status !== 0 || !totpSecret) throw new Error(`staff add failed: ${added.output}`);
  staffSecrets.set(member.username, totpSecret);
  return { totpSecret };
}

/**
 * A code the server will take now: the next unused step within the one-step window around the
 * server's time (a test clock moves it), waiting for the next step when three logins used the window.
 */
export async function nextStaffCode(baseUrl: string, username: string): Promise<string> {
  const secret = staffSecrets.get(username);
  if (!secret) throw new Error(`${username} was not added with addStaffMember`);
  const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
    data?: { testClock?: { offsetMs: number } };
  };
  const offsetMs = health.data?.testClock?.offsetMs ?? 0;
  for (;;) {
    const serverNow = Date.now() + offsetMs;
    const currentStep = Math.floor(serverNow / TOTP_STEP_MS);
    const step = Math.max(currentStep - 1, (lastStaffSteps.get(username) ?? -Infinity) + 1);
    if (step <= currentStep + 1) {
      lastStaffSteps.set(username, step);
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
      return totp.generate({ timestamp: step * TOTP_STEP_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, (currentStep + 1) * TOTP_STEP_MS - serverNow + 50));
  }
}
