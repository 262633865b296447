import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@kestrel/contract';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../funding/funding.test-helper';
import { containsPattern, plainTextOf, summaryOf } from './help-text';

const ARABIC = { languageid: String(LANGUAGES.find((language) => language.code === 'ar')!.id) };
const CHINESE = { languageid: String(LANGUAGES.find((language) => language.code === 'zh')!.id) };

describe('help text helpers', () => {
  it('reads sanitized HTML as words, and escapes LIKE wildcards', () => {
    expect(plainTextOf('<p>Fees &amp; <strong>limits</strong></p><p>next</p><ul><li>a &lt;b&gt;</li></ul>')).toBe(
      'Fees & limits next a <b>',
    );
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(summaryOf('word '.repeat(100)).length).toBeLessThanOrEqual(160);
  });
});

describeOnEachDatabase('help centre', (dialect) => {
  let server: TestServer;
  let support: { token: string; id: number };
  let finance: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    support = await staffToken(server, 'support');
    finance = await staffToken(server, 'finance');
  });
  afterAll(() => server.close());

  const audits = async () =>
    server.context.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('target_type', 'like', 'help_%')
      .execute();
  const snapshot = async () => {
    const { db } = server.context.database;
    return {
      categories: await db.selectFrom('help_category').selectAll().orderBy('id').execute(),
      articles: await db.selectFrom('help_article').selectAll().orderBy('id').execute(),
      texts: await db.selectFrom('help_article_text').selectAll().orderBy('article_id').orderBy('language').execute(),
      audits: await audits(),
    };
  };
  const saveCategory = (body: Record<string, unknown>, token = support.token) =>
    server.post('/api/operator/helpCenter/categories/save', body, { token, json: true });
  const saveArticle = (body: Record<string, unknown>, token = support.token) =>
    server.post('/api/operator/helpCenter/articles/save', body, { token, json: true });

  it('a fresh install has useful articles in English and Chinese, in categories named in every language', async () => {
    const categories = await server.get('/api/helpCenter/categories', { headers: ARABIC });
    expect(categories.body.code).toBe(200);
    expect(categories.body.rows.length).toBeGreaterThanOrEqual(3);
    for (const category of categories.body.rows) {
      expect(category.language).toBe('ar');
      expect(category.articleCount).toBeGreaterThan(0);
    }
    const english = await server.get('/api/helpCenter/list', { query: { pageSize: 50 } });
    expect(english.body.total).toBeGreaterThanOrEqual(6);
    const titles = english.body.rows.map((row: { title: string }) => row.title);
    expect(titles).toEqual(
      expect.arrayContaining(['How do I deposit?', 'How do I withdraw?', 'What is the demo account?']),
    );
    const chinese = await server.get('/api/helpCenter/list', { query: { pageSize: 50 }, headers: CHINESE });
    expect(chinese.body.rows.every((row: { language: string }) => row.language === 'zh')).toBe(true);
    // Arabic has no article text yet: English, and the answer says so.
    const arabic = await server.get('/api/helpCenter/list', { query: { pageSize: 50 }, headers: ARABIC });
    expect(arabic.body.rows.every((row: { language: string }) => row.language === 'en')).toBe(true);
    const detail = await server.get('/api/helpCenter/detail', {
      query: { id: english.body.rows[0].id },
      headers: CHINESE,
    });
    expect(detail.body.data).toMatchObject({ language: 'zh' });
    expect(detail.body.data.content).toContain('<');
  });

  it('sanitizes an article on save: script, event handlers and javascript: links are removed', async () => {
    const category = await saveCategory({ nameLang: { en: 'Security', de: 'Sicherheit' }, reason: 'new section' });
    expect(category.body).toMatchObject({ code: 200, data: { nameLang: { en: 'Security', de: 'Sicherheit' } } });
    const hostile =
      '<p onclick="steal()">Keep your <strong>password</strong> safe</p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">click</a><a href="https://example.com/help">guide</a>' +
      '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"></svg>';
    const saved = await saveArticle({
      categoryId: category.body.data.id,
      texts: {
        en: { title: 'Protect your account <b>now</b>', content: hostile },
        de: { title: 'Konto schützen', content: '<p>Passwort <em>geheim</em> halten</p>' },
      },
      reason: 'security advice',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.sanitizedLanguages).toEqual(['en']);
    const stored = saved.body.data.texts.en.content as string;
    for (const dangerous of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<svg', 'onload', 'alert(']) {
      expect(stored).not.toContain(dangerous);
    }
    expect(stored).toContain('<strong>password</strong>');
    expect(stored).toContain('href="https://example.com/help"');
    // The title is plain text: kept as typed, shown as text by every client.
    expect(saved.body.data.texts.en.title).toBe('Protect your account <b>now</b>');

    const served = await server.get('/api/helpCenter/detail', { query: { id: saved.body.data.id } });
    expect(served.body.data.content).toBe(stored);
    const audit = (await audits()).filter((row) => row.target_id === String(saved.body.data.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: support.id, action: 'help.article_created', reason: 'security advice' });
  });

  it('searches the asked language case-insensitively, literally, with the English fallback', async () => {
    const category = await saveCategory({ nameLang: { en: 'Search tests' }, reason: 'tests' });
    const categoryId = category.body.data.id;
    const both = await saveArticle({
      categoryId,
      texts: {
        en: { title: 'Margin calls', content: '<p>When the QUOKKA level is reached, 100% of margin is used.</p>' },
        de: { title: 'Nachschussforderung', content: '<p>Wenn das Ärger-Niveau erreicht ist</p>' },
      },
      reason: 'tests',
    });
    const englishOnly = await saveArticle({
      categoryId,
      texts: { en: { title: 'Wombat guide', content: '<p>Only English: wombat_underscore</p>' } },
      reason: 'tests',
    });
    const search = async (keyword: string, headers: Record<string, string> = {}) => {
      const answer = await server.get('/api/helpCenter/list', {
        query: { keyword, categoryId, pageSize: 50 },
        headers,
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      return answer.body.rows.map((row: { id: number; language: string }) => [row.id, row.language]);
    };
    const german = { languageid: String(LANGUAGES.find((language) => language.code === 'de')!.id) };
    expect(await search('quokka')).toEqual([[both.body.data.id, 'en']]);
    expect(await search('QuOkKa')).toEqual([[both.body.data.id, 'en']]);
    // In German the German text is searched (non-ASCII case folding too), and English only where German is missing.
    expect(await search('ärger', german)).toEqual([[both.body.data.id, 'de']]);
    expect(await search('ÄRGER', german)).toEqual([[both.body.data.id, 'de']]);
    expect(await search('quokka', german)).toEqual([]);
    expect(await search('wombat', german)).toEqual([[englishOnly.body.data.id, 'en']]);
    // Wildcards are literal: % and _ match only themselves.
    expect(await search('100%')).toEqual([[both.body.data.id, 'en']]);
    expect(await search('%')).toEqual([[both.body.data.id, 'en']]);
    expect(await search('t_underscore')).toEqual([[englishOnly.body.data.id, 'en']]);
    expect(await search('bat_under')).toEqual([[englishOnly.body.data.id, 'en']]);
    expect(await search('_')).toEqual([[englishOnly.body.data.id, 'en']]);
    // Markup is not searchable text.
    expect(await search('<p>')).toEqual([]);
    const tooLong = await server.get('/api/helpCenter/list', { query: { keyword: 'x'.repeat(51) } });
    expect(tooLong.body.msg).toBe('error.help_keyword_too_long');
  });

  it('never serves a hidden article or the articles of a hidden category', async () => {
    const category = await saveCategory({ nameLang: { en: 'Hiding' }, reason: 'tests' });
    const categoryId = category.body.data.id;
    const article = await saveArticle({
      categoryId,
      texts: { en: { title: 'Hidden soon', content: '<p>zebra</p>' } },
      reason: 'tests',
    });
    const id = article.body.data.id;
    const visibleIds = async () =>
      (await server.get('/api/helpCenter/list', { query: { keyword: 'zebra' } })).body.rows.map(
        (row: { id: number }) => row.id,
      );
    expect(await visibleIds()).toEqual([id]);

    const hidden = await server.post(
      '/api/operator/helpCenter/articles/setVisible',
      { id, isVisible: 0, reason: 'outdated' },
      { token: support.token },
    );
    expect(hidden.body).toMatchObject({ code: 200, data: { isVisible: 0 } });
    expect(await visibleIds()).toEqual([]);
    expect((await server.get('/api/helpCenter/detail', { query: { id } })).body.msg).toBe(
      'error.help_article_not_found',
    );

    await server.post(
      '/api/operator/helpCenter/articles/setVisible',
      { id, isVisible: 1, reason: 'back' },
      { token: support.token },
    );
    expect(await visibleIds()).toEqual([id]);
    await server.post(
      '/api/operator/helpCenter/categories/setVisible',
      { id: categoryId, isVisible: 0, reason: 'whole section' },
      { token: support.token },
    );
    expect(await visibleIds()).toEqual([]);
    expect((await server.get('/api/helpCenter/detail', { query: { id } })).body.msg).toBe(
      'error.help_article_not_found',
    );
    const categories = await server.get('/api/helpCenter/categories');
    expect(categories.body.rows.map((row: { id: number }) => row.id)).not.toContain(categoryId);
    // The operator still sees both, hidden.
    const operatorList = await server.get('/api/operator/helpCenter/articles', {
      query: { categoryId },
      token: support.token,
    });
    expect(operatorList.body.rows).toEqual([expect.objectContaining({ id, isVisible: 1, languages: ['en'] })]);
    const actions = (await audits()).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['help.article_hidden', 'help.article_shown', 'help.category_hidden']),
    );
  });

  it('refuses bad input and other roles, and changes nothing', async () => {
    const before = await snapshot();
    const category = before.categories[0]!;
    const cases: [Promise<{ body: { code: number; msg: string } }>, string][] = [
      [saveCategory({ nameLang: { de: 'Nur Deutsch' }, reason: 'x' }), 'error.help_english_required'],
      [saveCategory({ nameLang: { en: 'A', xx: 'B' }, reason: 'x' }), 'error.unknown_language'],
      [saveCategory({ id: 999_999, nameLang: { en: 'A' }, reason: 'x' }), 'error.help_category_not_found'],
      [saveCategory({ nameLang: { en: 'Bell\u0007' }, reason: 'x' }), 'error.invalid_param'],
      [saveCategory({ nameLang: { en: 'No reason' } }), 'error.required'],
      [
        saveArticle({ categoryId: category.id, texts: { de: { title: 'T', content: 'c' } }, reason: 'x' }),
        'error.help_english_required',
      ],
      [
        saveArticle({ categoryId: 999_999, texts: { en: { title: 'T', content: 'c' } }, reason: 'x' }),
        'error.help_category_not_found',
      ],
      [
        saveArticle({ id: 999_999, categoryId: category.id, texts: { en: { title: 'T', content: 'c' } }, reason: 'x' }),
        'error.help_article_not_found',
      ],
      [
        saveArticle({
          categoryId: category.id,
          texts: { en: { title: 'T', content: 'c'.repeat(20_001) } },
          reason: 'x',
        }),
        'error.invalid_param',
      ],
      [
        saveArticle(
          { categoryId: category.id, texts: { en: { title: 'T', content: 'c' } }, reason: 'x' },
          finance.token,
        ),
        'error.operator_forbidden',
      ],
      [saveCategory({ nameLang: { en: 'A' }, reason: 'x' }, finance.token), 'error.operator_forbidden'],
      [
        server.post(
          '/api/operator/helpCenter/articles/setVisible',
          { id: 999_999, isVisible: 0, reason: 'x' },
          { token: support.token },
        ),
        'error.help_article_not_found',
      ],
      [
        server.post(
          '/api/operator/helpCenter/categories/setVisible',
          { id: 999_999, isVisible: 0, reason: 'x' },
          { token: support.token },
        ),
        'error.help_category_not_found',
      ],
    ];
    for (const [answer, key] of cases) expect((await answer).body.msg).toBe(key);
    // A customer's token is not a staff token.
    const customer = await server.get('/api/operator/helpCenter/categories');
    expect(customer.body.code).toBe(401);
    expect((await server.get('/api/operator/helpCenter/categories', { token: finance.token })).body.msg).toBe(
      'error.operator_forbidden',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('replaces an article’s texts on save and lists exactly the languages it has', async () => {
    const category = await saveCategory({ nameLang: { en: 'Replace' }, reason: 'tests' });
    const first = await saveArticle({
      categoryId: category.body.data.id,
      texts: { en: { title: 'One', content: '<p>1</p>' }, zh: { title: '一', content: '<p>一</p>' } },
      reason: 'tests',
    });
    const second = await saveArticle({
      id: first.body.data.id,
      categoryId: category.body.data.id,
      sort: 5,
      texts: { en: { title: 'One, edited', content: '<p>1.1</p>' }, ko: { title: '하나', content: '<p>하나</p>' } },
      reason: 'edit',
    });
    expect(Object.keys(second.body.data.texts).sort()).toEqual(['en', 'ko']);
    const detail = await server.get('/api/operator/helpCenter/articles/detail', {
      query: { id: first.body.data.id },
      token: support.token,
    });
    expect(detail.body.data).toMatchObject({ sort: 5, texts: { en: { title: 'One, edited' } } });
    const chinese = await server.get('/api/helpCenter/detail', { query: { id: first.body.data.id }, headers: CHINESE });
    expect(chinese.body.data).toMatchObject({ language: 'en', title: 'One, edited' });
  });
});
