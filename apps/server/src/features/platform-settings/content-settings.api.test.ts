import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGES } from '@kestrel/contract';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import { postAudited, postRefused } from './settings-test-support';

const idOf = (code: string) => String(LANGUAGES.find((language) => language.code === code)!.id);

describeOnEachDatabase('operator settings: banners and language packs', (dialect) => {
  let server: TestServer;
  let content: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    content = await staffToken(server, 'content');
  });
  afterAll(() => server.close());

  const customerBanners = async (language: string) =>
    (await server.get('/api/banner/list', { headers: { languageid: idOf(language) } })).body.rows as {
      id: number;
      title: string;
      imageUrl: string;
    }[];

  it('uploads an image, creates banners per language, and the home screen serves them in order', async () => {
    expect(await customerBanners('en')).toEqual([]);
    const upload = await postAudited(
      server,
      content.token,
      '/api/operator/banners/upload',
      { file: dataUrl(pngImage(64, 32)) },
      { action: 'banner.image_upload', staffId: content.id, reason: 'banner image upload' },
    );
    expect(upload.data.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect((await server.inject({ method: 'GET', url: upload.data.url })).statusCode).toBe(200);

    const save = (body: Record<string, unknown>) =>
      postAudited(server, content.token, '/api/operator/banners/save', body, {
        action: 'banner.save',
        staffId: content.id,
      });
    const second = await save({
      language: 'en',
      title: 'Second',
      imageUrl: 'https://cdn.example.com/b.png',
      link: '',
      isVisible: 1,
      sort: 2,
      reason: 'campaign',
    });
    const first = await save({
      language: 'en',
      title: 'First',
      imageUrl: upload.data.url,
      link: '/pages/user/recharge',
      isVisible: 1,
      sort: 1,
      reason: 'campaign',
    });
    await save({
      language: 'de',
      title: 'Erste',
      imageUrl: upload.data.url,
      link: 'https://example.com/x',
      isVisible: 1,
      sort: 1,
      reason: 'campaign',
    });
    expect(first.audit.before_json).toBeNull();

    expect((await customerBanners('en')).map((banner) => banner.title)).toEqual(['First', 'Second']);
    expect((await customerBanners('de')).map((banner) => banner.title)).toEqual(['Erste']);
    // A language without banners of its own shows the English ones.
    expect((await customerBanners('fr')).map((banner) => banner.title)).toEqual(['First', 'Second']);

    // Hidden: gone from the home screen at once; reordered: the new order.
    const edited = await save({ ...second.data, id: second.data.id, isVisible: 0, reason: 'campaign over' });
    expect(JSON.parse(edited.audit.before_json!)).toMatchObject({ isVisible: 1 });
    expect((await customerBanners('en')).map((banner) => banner.title)).toEqual(['First']);
    const operatorList = await server.get('/api/operator/banners', { query: { language: 'en' }, token: content.token });
    expect(operatorList.body.rows).toHaveLength(2);
  });

  it('refuses an image that is not an upload or https, a bad link, markup, and an unknown id', async () => {
    const path = '/api/operator/banners/save';
    const body = {
      language: 'en',
      title: 'T',
      imageUrl: 'https://cdn.example.com/a.png',
      link: '',
      isVisible: 1,
      sort: 0,
      reason: 'x',
    };
    const refused = (patch: Record<string, unknown>, msg: string) =>
      postRefused(server, content.token, path, { ...body, ...patch }, msg);
    await refused({ imageUrl: 'http://cdn.example.com/a.png' }, 'error.banner_image_invalid');
    await refused({ imageUrl: 'javascript:alert(1)' }, 'error.banner_image_invalid');
    await refused({ imageUrl: `/uploads/${'a'.repeat(64)}.png` }, 'error.banner_image_invalid');
    await refused({ imageUrl: '/uploads/../kestrel.sqlite' }, 'error.banner_image_invalid');
    await refused({ link: 'javascript:alert(1)' }, 'error.page_route_unknown');
    await refused({ title: '<script>alert(1)</script>' }, 'error.setting_text_markup');
    await refused({ language: 'xx' }, 'error.invalid_param');
    await refused({ id: 999_999 }, 'error.setting_not_found');
    await postRefused(
      server,
      content.token,
      '/api/operator/banners/upload',
      { file: 'data:image/png;base64,AAAA' },
      'error.upload_type',
    );
  });

  it('a pop-up a content editor saves with script in it reaches customers inert', async () => {
    const popUps = await server.get('/api/operator/platformTexts', { query: { kind: 'popUp' }, token: content.token });
    const popUp = popUps.body.rows[0];
    const answer = await server.post(
      '/api/operator/platformTexts/save',
      {
        kind: 'popUp',
        id: popUp.id,
        field: 'content',
        language: 'en',
        text: '<p onclick="alert(1)">Hello</p><script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(1)">',
        reason: 'notice',
      },
      { token: content.token, json: true },
    );
    expect(answer.body.code).toBe(200);
    const shown = (await server.get('/api/popUp/list')).body.rows.find((row: { id: number }) => row.id === popUp.id);
    expect(shown.content).toBe('<p>Hello</p>');
  });

  it('searches a language pack and saves one text that the next pack load carries', async () => {
    const search = await server.get('/api/operator/languageTexts', {
      query: { language: 'de', keyWords: 'auth.resend_in', pageNum: 1, pageSize: 10 },
      token: content.token,
    });
    expect(search.body.rows[0]).toMatchObject({ key: 'auth.resend_in', english: 'Resend in {{seconds}}s' });

    const { audit } = await postAudited(
      server,
      content.token,
      '/api/operator/languageTexts/save',
      { language: 'de', key: 'auth.resend_in', text: 'Erneut senden in {{seconds}} s', reason: 'wording' },
      { action: 'language_text.save', staffId: content.id },
    );
    expect(JSON.parse(audit.before_json!).text).toBe(search.body.rows[0].text);
    const pack = await server.get('/api/langMgr/list', { query: { lang: 'de' } });
    expect(pack.body.data['auth.resend_in']).toBe('Erneut senden in {{seconds}} s');

    const path = '/api/operator/languageTexts/save';
    await postRefused(
      server,
      content.token,
      path,
      { language: 'de', key: 'auth.resend_in', text: 'Erneut senden', reason: 'x' },
      'error.language_text_placeholders',
      {
        placeholders: 'seconds',
      },
    );
    await postRefused(
      server,
      content.token,
      path,
      { language: 'de', key: 'auth.resend_in', text: '{{seconds}} {{extra}}', reason: 'x' },
      'error.language_text_placeholders',
    );
    await postRefused(
      server,
      content.token,
      path,
      { language: 'de', key: 'auth.resend_in', text: '<img src=x onerror=alert(1)> {{seconds}}', reason: 'x' },
      'error.setting_text_markup',
    );
    await postRefused(
      server,
      content.token,
      path,
      { language: 'de', key: 'no.such.key', text: 'x', reason: 'x' },
      'error.setting_not_found',
    );
    expect((await server.get('/api/langMgr/list', { query: { lang: 'de' } })).body.data['auth.resend_in']).toBe(
      'Erneut senden in {{seconds}} s',
    );
  });
});
