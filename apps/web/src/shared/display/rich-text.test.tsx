// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('removes <script> and its code', () => {
    const clean = sanitizeRichText('<p>Hello</p><script>alert(1)</script>');
    expect(clean).toBe('<p>Hello</p>');
  });

  it('removes on* handlers such as onerror=', () => {
    const clean = sanitizeRichText('<img src="/uploads/a.png" onerror="alert(1)"><p onclick="x()">Hi</p>');
    expect(clean).not.toMatch(/onerror|onclick|alert/);
    expect(clean).toContain('<img src="/uploads/a.png">');
    expect(clean).toContain('<p>Hi</p>');
  });

  it('removes javascript: URLs (in any case or with spaces)', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'vbscript:x',
      '//evil.example/x',
    ]) {
      const clean = sanitizeRichText(`<a href="${href}">link</a>`);
      expect(clean).not.toMatch(/script:|evil/i);
      expect(clean).toContain('>link</a>');
    }
  });

  it('removes <iframe>, <object>, <embed>, <svg>, <style> and <form> with what they hold', () => {
    const clean = sanitizeRichText(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">' +
        '<svg><script>alert(1)</script></svg><style>body{display:none}</style><form><input></form><p>ok</p>',
    );
    expect(clean).toBe('<p>ok</p>');
  });

  it('drops style, class and id attributes and unknown tags but keeps their text', () => {
    expect(sanitizeRichText('<div class="x" style="color:red" id="y"><span>text</span></div>')).toBe('text');
  });

  it('opens links in a new tab with rel="noopener noreferrer"', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeRichText('<a href="https://kestrel.example/news" target="_self" rel="opener">news</a>');
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://kestrel.example/news');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps images only from our uploads or inline raster data', () => {
    expect(sanitizeRichText('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="/uploads/../secret">')).toBe('');
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=" alt="a">')).toContain('data:image/png');
  });

  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('RichText', () => {
  it('renders the cleaned HTML with dir="auto"', () => {
    const { container } = render(
      <RichText html={'<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>'} data-testid="rt" />,
    );
    const root = container.querySelector('[data-testid="rt"]');
    expect(root?.getAttribute('dir')).toBe('auto');
    expect(root?.innerHTML).toBe('<p>Hi</p>');
  });
});
