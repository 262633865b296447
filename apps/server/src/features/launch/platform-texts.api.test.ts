import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES } from '@kestrel/contract';
import { openDatabase } from '../../db/connection';
import * as foundation from '../../db/migrations/0001_foundation';
import * as platformTextsMigration from '../../db/migrations/0012_platform_texts';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../funding/funding.test-helper';
import { parseTranslations } from '../language/language-packs';
import { POP_UP_TEXTS, SITE_DESCRIPTION, TIP_SEED_KEYS, TIP_TEXTS } from '../../seed/platform-texts';
import { filledFromSeed, topUpPlatformTexts } from '../../seed/platform-text-top-up';

const LIST = '/api/operator/platformTexts';
const SAVE = '/api/operator/platformTexts/save';
const ARABIC_SCRIPT = /[\u0600-\u06ff]/;
const idOf = (code: string) => String(LANGUAGES.find((language) => language.code === code)!.id);

interface TipRow {
  id: number;
  remark: string;
  content: string;
  contentLang: Record<string, string>;
}

describeOnEachDatabase('platform texts in 19 languages', (dialect) => {
  let server: TestServer;
  let admin: string;
  let support: string;
  let finance: string;
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await staffToken(server, 'admin')).token;
    support = (await staffToken(server, 'support')).token;
    finance = (await staffToken(server, 'finance')).token;
    customer = (await registerCustomer(server)).token;
  });
  afterAll(() => server.close());

  const db = () => server.context.database.db;
  const customerTips = async (language: string): Promise<TipRow[]> =>
    (
      await server.get('/api/textLang/list', {
        query: { pageNum: 1, pageSize: 30 },
        headers: { languageid: idOf(language) },
      })
    ).body.rows;
  const tipRow = (remark: string) =>
    db().selectFrom('tips_setting').selectAll().where('remark', '=', remark).orderBy('id').executeTakeFirstOrThrow();
  const textsSnapshot = async () => ({
    tips: await db().selectFrom('tips_setting').selectAll().orderBy('id').execute(),
    popUps: await db().selectFrom('pop_up').selectAll().orderBy('id').execute(),
    site: await db().selectFrom('site_info').selectAll().execute(),
    revisions: await db().selectFrom('platform_text_revision').selectAll().orderBy('id').execute(),
    audit: await db().selectFrom('operator_audit').selectAll().orderBy('id').execute(),
  });
  const save = (token: string, body: Record<string, unknown>) => server.post(SAVE, body, { token, json: true });

  it('a fresh install answers the pop-up, the tips and the home banner in Arabic, in Arabic', async () => {
    const headers = { languageid: idOf('ar') };
    const popUp = (await server.get('/api/popUp/list', { headers })).body.rows[0];
    expect(popUp.title).toBe(POP_UP_TEXTS.welcome.title.ar);
    expect(popUp.content).toBe(POP_UP_TEXTS.welcome.content.ar);
    const tips = await customerTips('ar');
    expect(tips).toHaveLength(TIP_SEED_KEYS.length);
    for (const tip of tips) {
      expect(tip.content).toMatch(ARABIC_SCRIPT);
      expect(tip.content).toBe(TIP_TEXTS[tip.remark as (typeof TIP_SEED_KEYS)[number]].ar);
    }
    const site = (await server.get('/api/siteInfo/getSiteInfo', { headers })).body.data;
    expect(site.description).toBe(SITE_DESCRIPTION.ar);
    expect(site.demoFundsLabel).toBe('تجريبي');
    // The page titles of the home's quick entries come from the language pack.
    const entries = (
      await server.get('/api/appConfig/list', { query: { pagePath: '/pages/tabs/home/home-d' }, headers })
    ).body.rows;
    for (const entry of entries) expect(entry.title).toMatch(ARABIC_SCRIPT);
  });

  it('every one of the 19 languages has a text of its own for every seeded row', async () => {
    for (const language of LANGUAGE_CODES) {
      const headers = { languageid: idOf(language) };
      const popUp = (await server.get('/api/popUp/list', { headers })).body.rows[0];
      expect(popUp.title.trim(), language).not.toBe('');
      expect(popUp.content, language).toBe(POP_UP_TEXTS.welcome.content[language]);
      for (const tip of await customerTips(language)) {
        expect(tip.content.trim(), `${language} ${tip.remark}`).not.toBe('');
        expect(Object.keys(tip.contentLang).sort()).toEqual([...LANGUAGE_CODES].sort());
      }
      const site = (await server.get('/api/siteInfo/getSiteInfo', { headers })).body.data;
      expect(site.description, language).toBe(SITE_DESCRIPTION[language]);
      // Only English may read as English.
      if (language !== 'en') expect(site.description, language).not.toBe(SITE_DESCRIPTION.en);
    }
    const seeded = [
      ...Object.values(TIP_TEXTS),
      POP_UP_TEXTS.welcome.title,
      POP_UP_TEXTS.welcome.content,
      SITE_DESCRIPTION,
    ];
    for (const texts of seeded) {
      for (const language of LANGUAGE_CODES) expect(texts[language].trim(), language).not.toBe('');
    }
  });

  it('operators read every text of a kind with all 19 languages and none missing', async () => {
    for (const kind of ['popUp', 'tip', 'siteInfo']) {
      const { body } = await server.get(LIST, { query: { kind, pageNum: 1, pageSize: 50 }, token: support });
      expect(body.code, kind).toBe(200);
      expect(body.rows.length).toBe(body.total);
      for (const record of body.rows) {
        expect(record.seedKey).not.toBe('');
        for (const field of record.fields) {
          expect(field.missingLanguages, `${kind} ${field.field}`).toEqual([]);
          expect(Object.keys(field.texts)).toHaveLength(19);
        }
      }
    }
    const customerCall = await server.get(LIST, { query: { kind: 'tip' }, token: customer });
    expect(customerCall.body.code).toBe(401);
  });

  it('an admin edit of one language changes only that language, shows at once, and is audited with before and after', async () => {
    const before = await tipRow('risk_warning');
    const beforeTexts = parseTranslations(before.content_lang);
    const arabic = 'تداول المنتجات ذات الرافعة المالية عالي المخاطر. لا تخاطر إلا بما يمكنك تحمّل خسارته.';
    const saved = await save(admin, {
      kind: 'tip',
      id: before.id,
      field: 'content',
      language: 'ar',
      text: `  ${arabic}\r\n`,
      reason: 'Shorter Arabic wording',
    });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.fields[0].texts.ar).toBe(arabic);

    const afterTexts = parseTranslations((await tipRow('risk_warning')).content_lang);
    expect(afterTexts).toEqual({ ...beforeTexts, ar: arabic });
    const tips = await customerTips('ar');
    expect(tips.find((tip) => tip.remark === 'risk_warning')!.content).toBe(arabic);
    expect((await customerTips('sa')).find((tip) => tip.remark === 'risk_warning')!.content).toBe(beforeTexts.sa);

    const revisions = await db()
      .selectFrom('platform_text_revision')
      .selectAll()
      .where('kind', '=', 'tip')
      .where('record_id', '=', before.id)
      .execute();
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      field: 'content',
      language: 'ar',
      before_text: beforeTexts.ar,
      after_text: arabic,
      reason: 'Shorter Arabic wording',
    });
    const audit = await db()
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'platform_text.save')
      .where('target_type', '=', 'tips_setting')
      .where('target_id', '=', String(before.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('Shorter Arabic wording');

    // The same save again changes nothing: no second revision, no second audit row.
    const again = await save(admin, {
      kind: 'tip',
      id: before.id,
      field: 'content',
      language: 'ar',
      text: arabic,
      reason: 'Shorter Arabic wording',
    });
    expect(again.body.code).toBe(200);
    const after = await textsSnapshot();
    expect(after.revisions.filter((row) => row.record_id === before.id && row.kind === 'tip')).toHaveLength(1);
    expect(after.audit.filter((row) => row.action === 'platform_text.save')).toHaveLength(1);
  });

  it('a whole map saves every language at once; the site keeps its English in description too', async () => {
    const texts = Object.fromEntries(LANGUAGE_CODES.map((language) => [language, `Kestrel (${language})`]));
    const saved = await save(admin, { kind: 'siteInfo', id: 1, field: 'description', texts, reason: 'Rebrand' });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.fields[0].texts).toEqual(texts);
    const th = await server.get('/api/siteInfo/getSiteInfo', { headers: { languageid: idOf('th') } });
    expect(th.body.data.description).toBe('Kestrel (th)');
    const site = await db().selectFrom('site_info').selectAll().executeTakeFirstOrThrow();
    expect(site.description).toBe('Kestrel (en)');
    const revisions = await db()
      .selectFrom('platform_text_revision')
      .selectAll()
      .where('kind', '=', 'siteInfo')
      .execute();
    expect(revisions).toHaveLength(19);
  });

  it('pop-up content is rich text, sanitized on save; its title is plain', async () => {
    const popUp = await db().selectFrom('pop_up').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const saved = await save(admin, {
      kind: 'popUp',
      id: popUp.id,
      field: 'content',
      language: 'de',
      text: '<p onclick="steal()">Preise sind <b>simuliert</b>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      reason: 'Formatting',
    });
    expect(saved.body.code).toBe(200);
    const stored = parseTranslations(
      (await db().selectFrom('pop_up').select('content_lang').where('id', '=', popUp.id).executeTakeFirstOrThrow())
        .content_lang,
    ).de!;
    expect(stored).toContain('<b>simuliert</b>');
    expect(stored).not.toMatch(/script|onclick|javascript/i);
    const german = await server.get('/api/popUp/list', { headers: { languageid: idOf('de') } });
    expect(german.body.rows[0].content).toBe(stored);
  });

  it('refusals change nothing: markup in a plain text, too long, empty, unknown text, wrong field, both forms', async () => {
    const popUp = await db().selectFrom('pop_up').select('id').orderBy('id').executeTakeFirstOrThrow();
    const tip = await tipRow('simulated_market');
    const before = await textsSnapshot();
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [
        { kind: 'tip', id: tip.id, field: 'content', language: 'ar', text: 'خطر <b>كبير</b>' },
        'error.platform_text_markup',
        { language: 'ar' },
      ],
      [
        { kind: 'popUp', id: popUp.id, field: 'title', language: 'en', text: '<img src=x onerror=alert(1)>' },
        'error.platform_text_markup',
      ],
      [
        { kind: 'siteInfo', id: 1, field: 'description', texts: { fr: 'Bien <!-- caché -->' } },
        'error.platform_text_markup',
      ],
      [
        { kind: 'tip', id: tip.id, field: 'content', language: 'th', text: 'ก'.repeat(2001) },
        'error.platform_text_too_long',
        { language: 'th', max: 2000 },
      ],
      [
        { kind: 'tip', id: tip.id, field: 'content', language: 'vi', text: '   ' },
        'error.platform_text_empty',
        { language: 'vi' },
      ],
      [
        { kind: 'popUp', id: popUp.id, field: 'content', language: 'ko', text: '<script>x()</script><p> </p>' },
        'error.platform_text_empty',
      ],
      [{ kind: 'tip', id: 999_999, field: 'content', language: 'en', text: 'x' }, 'error.platform_text_not_found'],
      [{ kind: 'siteInfo', id: 2, field: 'description', language: 'en', text: 'x' }, 'error.platform_text_not_found'],
      [{ kind: 'tip', id: tip.id, field: 'title', language: 'en', text: 'x' }, 'error.platform_text_not_found'],
      [
        { kind: 'tip', id: tip.id, field: 'content', language: 'ar', text: 'x', texts: { ar: 'x' } },
        'error.invalid_param',
      ],
      [{ kind: 'tip', id: tip.id, field: 'content' }, 'error.required'],
      [{ kind: 'tip', id: tip.id, field: 'content', language: 'xx', text: 'x' }, 'error.invalid_param'],
      // One bad language refuses the whole map: the good ones are not saved either.
      [
        { kind: 'tip', id: tip.id, field: 'content', texts: { de: 'Gut', it: '<i>no</i>' } },
        'error.platform_text_markup',
        { language: 'it' },
      ],
    ];
    for (const [body, key, params] of cases) {
      const answer = await save(admin, { reason: 'test', ...body });
      expect(answer.body.msg, JSON.stringify(body)).toBe(key);
      if (params) expect(answer.body.params).toMatchObject(params);
    }
    expect(await textsSnapshot()).toEqual(before);
  });

  it('a support or finance member, or a customer, cannot save; nothing changes', async () => {
    const tip = await tipRow('register_tip');
    const before = await textsSnapshot();
    const body = { kind: 'tip', id: tip.id, field: 'content', language: 'es', text: 'Otro texto', reason: 'test' };
    for (const token of [support, finance]) {
      const answer = await save(token, body);
      expect(answer.body.msg).toBe('error.operator_forbidden');
    }
    expect((await save(customer, body)).body.code).toBe(401);
    expect((await server.post(SAVE, body, { json: true })).body.code).toBe(401);
    expect(await textsSnapshot()).toEqual(before);
  });
});

describeOnEachDatabase('the start-up top-up of platform texts', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await staffToken(server, 'admin')).token;
  });
  afterAll(() => server.close());

  it('fills the languages an older install lacks, never an operator edit, never an operator-made row', async () => {
    let db = server.context.database.db;
    // An install from before all 19 languages: English and Chinese only, the site English only.
    const englishAndChinese = (texts: Record<string, string>) => JSON.stringify({ en: texts.en, zh: texts.zh });
    for (const seedKey of TIP_SEED_KEYS) {
      await db
        .updateTable('tips_setting')
        .set({ content_lang: englishAndChinese(TIP_TEXTS[seedKey]) })
        .where('seed_key', '=', seedKey)
        .execute();
    }
    await db
      .updateTable('pop_up')
      .set({
        title_lang: englishAndChinese(POP_UP_TEXTS.welcome.title),
        content_lang: englishAndChinese(POP_UP_TEXTS.welcome.content),
      })
      .where('seed_key', '=', 'welcome')
      .execute();
    await db
      .updateTable('site_info')
      .set({ description_lang: JSON.stringify({ en: SITE_DESCRIPTION.en }) })
      .execute();
    // An operator-made tip with English only, and a seeded tip whose English an operator replaced.
    await db
      .insertInto('tips_setting')
      .values({
        remark: 'holiday',
        content_visible_flag: 1,
        content_lang: JSON.stringify({ en: 'Closed on 25 December.' }),
        seed_key: null,
      })
      .execute();
    await db
      .updateTable('tips_setting')
      .set({ content_lang: JSON.stringify({ en: 'Our own registration hint.' }) })
      .where('seed_key', '=', 'register_tip')
      .execute();

    // The operator writes the Arabic risk warning before the upgrade's top-up runs.
    const risk = await db
      .selectFrom('tips_setting')
      .select('id')
      .where('seed_key', '=', 'risk_warning')
      .executeTakeFirstOrThrow();
    const operatorArabic = 'نص المشغّل للتحذير من المخاطر.';
    const saved = await server.post(
      SAVE,
      { kind: 'tip', id: risk.id, field: 'content', language: 'ar', text: operatorArabic, reason: 'own words' },
      { token: admin, json: true },
    );
    expect(saved.body.code).toBe(200);

    server = await server.restart();
    db = server.context.database.db;
    const tips = await db.selectFrom('tips_setting').selectAll().orderBy('id').execute();
    const texts = (seedKey: string | null) =>
      parseTranslations(tips.find((row) => row.seed_key === seedKey)!.content_lang);
    expect(texts('risk_warning')).toEqual({ ...TIP_TEXTS.risk_warning, ar: operatorArabic });
    expect(texts('simulated_market')).toEqual(TIP_TEXTS.simulated_market);
    expect(texts('register_tip')).toEqual({ en: 'Our own registration hint.' });
    expect(texts(null)).toEqual({ en: 'Closed on 25 December.' });
    const popUp = await db.selectFrom('pop_up').selectAll().where('seed_key', '=', 'welcome').executeTakeFirstOrThrow();
    expect(parseTranslations(popUp.title_lang)).toEqual(POP_UP_TEXTS.welcome.title);
    expect(parseTranslations(popUp.content_lang)).toEqual(POP_UP_TEXTS.welcome.content);
    const arabicHome = await server.get('/api/siteInfo/getSiteInfo', { headers: { languageid: idOf('ar') } });
    expect(arabicHome.body.data.description).toBe(SITE_DESCRIPTION.ar);

    // Idempotent: another start changes nothing.
    const snapshot = async () => ({
      tips: await db.selectFrom('tips_setting').selectAll().orderBy('id').execute(),
      popUps: await db.selectFrom('pop_up').selectAll().orderBy('id').execute(),
      site: await db.selectFrom('site_info').selectAll().execute(),
    });
    const once = await snapshot();
    await topUpPlatformTexts(db);
    expect(await snapshot()).toEqual(once);
  });
});

describe('filledFromSeed', () => {
  it('fills absent and blank languages only while the English is the seed’s', () => {
    const seeded = TIP_TEXTS.simulated_market;
    expect(filledFromSeed({ ...seeded }, seeded)).toBeNull();
    expect(filledFromSeed({ en: seeded.en, ar: '  ', th: 'ของฉัน' }, seeded)).toEqual({ ...seeded, th: 'ของฉัน' });
    expect(filledFromSeed({ en: 'Something else', zh: seeded.zh }, seeded)).toBeNull();
    expect(filledFromSeed({}, seeded)).toBeNull();
  });
});

describe('0012 on an install from before it (SQLite)', () => {
  it('names the seeded rows, keeps operator-made ones unnamed, and keeps the site English', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kestrel-0012-'));
    const handle = openDatabase({ sqliteFile: path.join(directory, 'old.sqlite') });
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as 0001 made them, before the typed schema
      const db = handle.db as any;
      await foundation.up(db, 'sqlite');
      const tip = (remark: string, en: string) => ({
        remark,
        content_visible_flag: 1,
        content_lang: JSON.stringify({ en }),
      });
      await db
        .insertInto('tips_setting')
        .values([
          tip('holiday', 'Closed.'),
          tip('risk_warning', TIP_TEXTS.risk_warning.en),
          tip('risk_warning', 'A copy.'),
        ])
        .execute();
      const popUp = (en: string) => ({
        title_lang: JSON.stringify({ en }),
        content_lang: '{}',
        image: '',
        link: '',
        is_visible: 1,
        sort: 0,
      });
      await db
        .insertInto('pop_up')
        .values([popUp('Maintenance'), popUp('Welcome to Kestrel')])
        .execute();
      await db
        .insertInto('site_info')
        .values({
          id: 1,
          site_name: 'K',
          logo: '',
          description: 'Old words',
          support_email: '',
          service_url: '',
          copyright: '',
        })
        .execute();

      await platformTextsMigration.up(db, 'sqlite');
      const tips = await db.selectFrom('tips_setting').select(['remark', 'seed_key']).orderBy('id').execute();
      expect(tips).toEqual([
        { remark: 'holiday', seed_key: null },
        { remark: 'risk_warning', seed_key: 'risk_warning' },
        { remark: 'risk_warning', seed_key: null },
      ]);
      const popUps = await db.selectFrom('pop_up').select('seed_key').orderBy('id').execute();
      expect(popUps).toEqual([{ seed_key: null }, { seed_key: 'welcome' }]);
      const site = await db.selectFrom('site_info').select('description_lang').executeTakeFirstOrThrow();
      expect(JSON.parse(site.description_lang)).toEqual({ en: 'Old words' });

      // The site's English is not the seed's, so the top-up leaves it alone.
      await topUpPlatformTexts(handle.db);
      const after = await db.selectFrom('site_info').select('description_lang').executeTakeFirstOrThrow();
      expect(JSON.parse(after.description_lang)).toEqual({ en: 'Old words' });
      const risk = await db
        .selectFrom('tips_setting')
        .select('content_lang')
        .where('seed_key', '=', 'risk_warning')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(risk.content_lang)).toEqual(TIP_TEXTS.risk_warning);
    } finally {
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
