import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plain-text';

describe('operator text as plain paragraphs', () => {
  it('splits on line breaks and block tags, trims and drops empty paragraphs', () => {
    expect(plainParagraphs('First line\n\n  Second   line  \n')).toEqual(['First line', 'Second line']);
    expect(plainParagraphs('<p>One</p><p>Two<br>Three</p>')).toEqual(['One', 'Two', 'Three']);
  });

  it('never keeps markup or scripts, and decodes entities into text', () => {
    expect(plainParagraphs('<script>alert(1)</script><b onclick="x()">Bold</b> &amp; &lt;safe&gt;')).toEqual([
      'Bold & <safe>',
    ]);
    expect(plainParagraphs('<style>p{color:red}</style>A&#39;s &#x263A; &nbsp;b')).toEqual(["A's ☺ b"]);
    expect(plainParagraphs('<img src=x onerror=alert(1)>')).toEqual([]);
  });

  it('is empty for nothing', () => {
    expect(plainParagraphs('')).toEqual([]);
    expect(plainParagraphs(null)).toEqual([]);
  });
});
