import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('removes script and style with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{color:red}</style>')).toBe('<p>a</p>');
  });

  it('removes every on* handler and style attribute', () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red" onmouseover="y()">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<img src="/uploads/a.png" onerror="x()">')).toBe('<img src="/uploads/a.png" />');
  });

  it('removes javascript: and other unsafe links but keeps the text', () => {
    const cleaned = sanitizeRichText('<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt&colon;alert(1)">y</a>');
    expect(cleaned).not.toMatch(/javascript/i);
    expect(cleaned).toContain('>x</a>');
    expect(sanitizeRichText('<a href="//evil.example/">z</a>')).not.toContain('evil');
    expect(sanitizeRichText('<a href="data:text/html,hi">z</a>')).not.toContain('data:');
  });

  it('removes iframes, objects, embeds, forms and svg', () => {
    const cleaned = sanitizeRichText(
      '<iframe src="https://x.example"></iframe><object data="x"></object><embed src="x"><form><input></form><svg><script>1</script></svg>ok',
    );
    expect(cleaned).toBe('ok');
  });

  it('keeps safe formatting', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps links with rel=noopener and a new tab', () => {
    expect(sanitizeRichText('<a href="https://kestrel.example/help">help</a>')).toBe(
      '<a rel="noopener noreferrer" target="_blank" href="https://kestrel.example/help">help</a>',
    );
    expect(sanitizeRichText('<a href="/notice/1" rel="opener" target="_self">n</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it('keeps images from our uploads or inline rasters, drops any other', () => {
    expect(sanitizeRichText('<img src="/uploads/notice/a.png" alt="a">')).toBe(
      '<img src="/uploads/notice/a.png" alt="a" />',
    );
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain('data:image/png');
    expect(sanitizeRichText('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<img src="/uploads/../../etc/passwd" alt="a">')).toBe('');
  });

  it('escapes plain text', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});
