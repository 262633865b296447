// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSettingsStore } from '../../../shared/store/settings';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import HelpScreen from './HelpScreen';

const CATEGORIES = [
  { id: 1, name: 'Deposits', language: 'en', sort: 1, articleCount: 2 },
  { id: 2, name: 'Trading', language: 'en', sort: 2, articleCount: 1 },
];
const DEPOSIT_TIME = {
  id: 11,
  categoryId: 1,
  categoryName: 'Deposits',
  title: 'How long does a deposit take?',
  summary: 'Most deposits arrive within 30 minutes of the network confirmation.',
  language: 'en',
  sort: 1,
  updatedAt: new Date(2026, 1, 3, 9, 30).getTime(),
};
const DEPOSIT_FEES = { ...DEPOSIT_TIME, id: 12, title: 'Deposit fees', summary: 'Deposits are free of charge.' };
const LEVERAGE = {
  ...DEPOSIT_TIME,
  id: 21,
  categoryId: 2,
  categoryName: 'Trading',
  title: 'What is leverage?',
  summary: '',
};

function answer(url: string) {
  const parsed = new URL(url, 'http://x');
  const query = parsed.searchParams;
  switch (parsed.pathname) {
    case '/api/helpCenter/categories':
      return { code: 200, msg: 'ok', rows: CATEGORIES, total: CATEGORIES.length };
    case '/api/helpCenter/list': {
      const keyword = (query.get('keyword') ?? '').toLowerCase();
      const category = query.get('categoryId');
      const rows = [DEPOSIT_TIME, DEPOSIT_FEES, LEVERAGE].filter(
        (row) =>
          (category === null || String(row.categoryId) === category) &&
          (keyword === '' || `${row.title} ${row.summary}`.toLowerCase().includes(keyword)),
      );
      return { code: 200, msg: 'ok', rows, total: rows.length };
    }
    case '/api/helpCenter/detail': {
      const id = Number(query.get('id'));
      if (id === 11) {
        return {
          code: 200,
          msg: 'ok',
          data: {
            ...DEPOSIT_TIME,
            content:
              '<p>Most deposits arrive <strong>within 30 minutes</strong>.</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">link</a>',
          },
        };
      }
      return { code: 500, msg: 'error.help_article_not_found' };
    }
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as { __xss?: unknown }).__xss;
});

describe('the help centre /pages/QA/QA', () => {
  it('lists categories and articles; a category filters; an article opens on the same route', async () => {
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    const { router } = renderScreen(<HelpScreen />, '/pages/QA/QA');
    const articles = await screen.findByTestId('help-articles');
    expect(within(articles).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('help-category-1').textContent).toBe('Deposits2');
    expect(screen.getByTestId('help-category-all').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('help-category-2'));
    await waitFor(() => expect(within(screen.getByTestId('help-articles')).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((call) => call.url.includes('/helpCenter/list?') && call.url.includes('categoryId=2'))).toBe(
      true,
    );

    fireEvent.click(screen.getByTestId('help-article-21'));
    expect(router.state.location.pathname).toBe('/pages/QA/QA');
    expect(router.state.location.search).toBe('?id=21');
  });

  it('searches as the customer stops typing, marks the words found, and offers support when nothing matches', async () => {
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    const { router } = renderScreen(<HelpScreen />, '/pages/QA/QA');
    await screen.findByTestId('help-articles');
    fireEvent.change(screen.getByTestId('help-search'), { target: { value: 'fee' } });
    await waitFor(() =>
      expect(screen.getByTestId('help-results').textContent).toBe('Results for “\u2068fee\u2069”: 1'),
    );
    expect(
      calls
        .filter((call) => call.url.includes('keyword='))
        .map((call) => new URL(call.url, 'http://x').searchParams.get('keyword')),
    ).toEqual(['fee']);
    const row = screen.getByTestId('help-article-12');
    expect(row.querySelector('mark')?.textContent).toBe('fee');

    fireEvent.change(screen.getByTestId('help-search'), { target: { value: 'withdrawal' } });
    const empty = await screen.findByTestId('help-empty');
    expect(empty.textContent).toContain('Nothing found for “\u2068withdrawal\u2069”');
    fireEvent.click(within(empty).getByTestId('help-empty-contact'));
    expect(router.state.location.pathname).toBe('/pages/service/service');
  });

  it('says when articles are shown in English for want of the app language', async () => {
    useSettingsStore.setState({ locale: 'de' });
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HelpScreen />, '/pages/QA/QA');
    expect((await screen.findByTestId('help-list-fallback')).textContent).toContain('English');
    // The request carries the app language, so the server answers in it where it can.
    expect(calls[0]?.headers.LanguageId).toBe('4');
  });

  it('shows an article with its date and its text sanitized: script and handlers never reach the page', async () => {
    useSettingsStore.setState({ locale: 'ar' });
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HelpScreen />, '/pages/QA/QA?id=11');
    const article = await screen.findByTestId('help-article');
    expect(screen.getByTestId('help-article-title').textContent).toBe('How long does a deposit take?');
    expect(article.textContent).toContain('2026-02-03');
    expect(screen.getByTestId('help-article-fallback')).toBeTruthy();
    const content = screen.getByTestId('help-article-content');
    expect(content.querySelector('strong')?.textContent).toBe('within 30 minutes');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).toBeNull();
    expect(content.innerHTML).not.toContain('onerror');
    expect(content.querySelector('a')?.getAttribute('href')).toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(screen.getByTestId('help-article-contact')).toBeTruthy();
  });

  it('says an unknown article is gone and leads back to the list', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    const { router } = renderScreen(<HelpScreen />, '/pages/QA/QA?id=99');
    const missing = await screen.findByTestId('help-article-missing');
    fireEvent.click(within(missing).getByRole('button'));
    expect(router.state.location.search).toBe('');
  });
});
