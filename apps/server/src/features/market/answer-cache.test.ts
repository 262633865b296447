import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';
import { preferredCoding } from './content-coding';
import { WireAnswer } from './wire-answer';

const wireOf = (text: string) => new WireAnswer(text, text);

describe('AnswerCache', () => {
  it('builds once per variant and version, however many ask at once', async () => {
    const cache = new AnswerCache<string>({ variantsMax: 8, bytesMax: 1_000_000 });
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return wireOf(`built ${builds}`);
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('list', 'v1', build)));
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect((await cache.get('list', 'v1', build)).text).toBe('built 1');
    expect((await cache.get('list', 'v2', build)).text).toBe('built 2');
    expect((await cache.get('other', 'v2', build)).text).toBe('built 3');
    expect(cache.size).toBe(2);
  });

  it('keeps no failed build', async () => {
    const cache = new AnswerCache<string>({ variantsMax: 8, bytesMax: 1_000_000 });
    await expect(cache.get('list', 'v1', async () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(cache.size).toBe(0);
    expect((await cache.get('list', 'v1', async () => wireOf('fine'))).text).toBe('fine');
  });

  it('drops the least recently used variants past its bounds', async () => {
    const cache = new AnswerCache<string>({ variantsMax: 3, bytesMax: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, 'v', async () => wireOf(key));
    await cache.get('a', 'v', async () => wireOf('a again'));
    await cache.get('d', 'v', async () => wireOf('d'));
    expect(cache.size).toBe(3);
    // 'b' was the least recently used: built again; 'a' was kept.
    expect((await cache.get('a', 'v', async () => wireOf('rebuilt'))).text).toBe('a');
    expect((await cache.get('b', 'v', async () => wireOf('rebuilt'))).text).toBe('rebuilt');

    const text = 'x'.repeat(100);
    const bounded = new AnswerCache<string>({ variantsMax: 100, bytesMax: wireOf(text).bytesMax * 2 });
    for (const key of ['a', 'b', 'c', 'd']) await bounded.get(key, 'v', async () => wireOf(text));
    expect(bounded.size).toBe(2);
    expect(bounded.bytesHeld).toBe(wireOf(text).bytesMax * 2);
  });
});

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=0.2, *;q=0.1', 'gzip'],
    ['BR', 'br'],
    ['br;q=nonsense', undefined],
  ])('%s: %s', (header, expected) => {
    expect(preferredCoding(header, undefined)).toBe(expected);
  });

  it('sends identity to a client asking for no compression', () => {
    expect(preferredCoding('br', '1')).toBeUndefined();
  });
});

describe('WireAnswer', () => {
  it('compresses once, and only answers worth compressing', () => {
    const large = wireOf(JSON.stringify({ rows: Array.from({ length: 100 }, (_, index) => ({ index })) }));
    const first = large.encoded('br');
    expect(first).not.toBeNull();
    expect(large.encoded('br')).toBe(first);
    expect(wireOf('{"code":200}').encoded('gzip')).toBeNull();
  });

  it('matches its own tags, in any of its forms', () => {
    const answer = wireOf('{"code":200}');
    expect(answer.matches(answer.entityTag)).toBe(true);
    expect(answer.matches(`W/${answer.entityTagFor('gzip')}`)).toBe(true);
    expect(answer.matches('*')).toBe(true);
    expect(answer.matches(wireOf('{"code":500}').entityTag)).toBe(false);
    expect(answer.matches(undefined)).toBe(false);
  });
});
