import { describe, expect, it } from 'vitest';
import { requestLogLevel, SLOW_REQUEST_MS, type CompletedRequest } from './request-log';

const plain: CompletedRequest = {
  statusCode: 200,
  elapsedMs: 5,
  failed: false,
  moneyAction: false,
  marketMaker: false,
};

describe('which requests the log keeps', () => {
  it('keeps failures, slow requests, client errors and customers’ money actions; the rest at debug', () => {
    expect(requestLogLevel(plain)).toBe('debug');
    expect(requestLogLevel({ ...plain, statusCode: 500 })).toBe('error');
    expect(requestLogLevel({ ...plain, failed: true })).toBe('error');
    expect(requestLogLevel({ ...plain, elapsedMs: SLOW_REQUEST_MS - 1 })).toBe('debug');
    expect(requestLogLevel({ ...plain, elapsedMs: SLOW_REQUEST_MS })).toBe('warn');
    expect(requestLogLevel({ ...plain, statusCode: 429 })).toBe('info');
    expect(requestLogLevel({ ...plain, moneyAction: true })).toBe('info');
  });

  it('writes the market maker’s quotes at debug unless they fail or are slow', () => {
    const quote = { ...plain, moneyAction: true, marketMaker: true };
    expect(requestLogLevel(quote)).toBe('debug');
    expect(requestLogLevel({ ...quote, elapsedMs: SLOW_REQUEST_MS })).toBe('warn');
    expect(requestLogLevel({ ...quote, statusCode: 503 })).toBe('error');
  });
});
