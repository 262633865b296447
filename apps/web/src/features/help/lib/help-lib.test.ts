import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';
import { fallbackLanguageName } from './language-note';

describe('highlightParts', () => {
  it('marks every case-insensitive occurrence of the keyword and keeps the rest as it was', () => {
    expect(highlightParts('Deposit fees and deposit limits', 'DEPOSIT')).toEqual([
      { text: 'Deposit', match: true },
      { text: ' fees and ', match: false },
      { text: 'deposit', match: true },
      { text: ' limits', match: false },
    ]);
  });

  it('takes the keyword literally: regular-expression characters match themselves', () => {
    expect(highlightParts('Is 1+1 (two)?', '1+1 (')).toEqual([
      { text: 'Is ', match: false },
      { text: '1+1 (', match: true },
      { text: 'two)?', match: false },
    ]);
    expect(highlightParts('a.b', '.')).toEqual([
      { text: 'a', match: false },
      { text: '.', match: true },
      { text: 'b', match: false },
    ]);
  });

  it('answers one unmarked part without a keyword, and nothing for no text', () => {
    expect(highlightParts('How to withdraw', '  ')).toEqual([{ text: 'How to withdraw', match: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });

  it('keeps markup in a title as text, matched like any other characters', () => {
    const parts = highlightParts('<img src=x onerror=alert(1)> guide', 'img');
    expect(parts.map((part) => part.text).join('')).toBe('<img src=x onerror=alert(1)> guide');
    expect(parts[1]).toEqual({ text: 'img', match: true });
  });

  it('matches Arabic and other scripts', () => {
    expect(highlightParts('كيفية السحب', 'السحب')).toEqual([
      { text: 'كيفية ', match: false },
      { text: 'السحب', match: true },
    ]);
  });
});

describe('fallbackLanguageName', () => {
  it('is null when the answer is in the app language', () => {
    expect(fallbackLanguageName('ar', 'ar')).toBeNull();
    expect(fallbackLanguageName('en', 'en')).toBeNull();
  });

  it('names the language the server fell back to, in its own name', () => {
    expect(fallbackLanguageName('en', 'ar')).toBe('English');
    expect(fallbackLanguageName('ar', 'sa')).toBe('العربية');
    expect(fallbackLanguageName('xx', 'de')).toBe('xx');
  });
});
