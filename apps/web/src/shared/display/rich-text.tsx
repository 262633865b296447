import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CODE_TAGS,
  RICH_TEXT_SAFE_IMAGE,
  RICH_TEXT_SAFE_LINK,
  RICH_TEXT_TAGS,
} from '@kestrel/contract/web';
import createDOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';
import './rich-text.css';

/**
 * Operator rich text (platform notices, help articles) as HTML, cleaned AGAIN in the app: the server
 * cleaned it on save (apps/server/src/core/rich-text.ts) with the same allow-list (the contract's
 * rich-text-policy.ts), so a row stored before that check, or a server fault, still cannot run script
 * in the customer's app.
 *
 * Kept: paragraphs, line breaks, headings, emphasis, lists, quotes, code, rules, simple tables, links
 * and images. Everything else goes (script, style, iframe, object, embed, form, svg ...), every
 * attribute not listed (so every `on*` handler, `style`, `class`, `id`), and every URL but http(s),
 * mailto and a path on this site. Links always open a new tab with `rel="noopener noreferrer"`;
 * images only from our own uploads or an inline raster `data:` image.
 */

/** Every attribute some kept tag may carry (DOMPurify takes one list for all tags). */
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Text inside these is code, not content: dropped with the tag.
  FORBID_CONTENTS: [...RICH_TEXT_CODE_TAGS],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|data:image\/(?:png|jpeg|gif|webp);)/i,
  // Plain values, not URLs: without this DOMPurify would hold "2" against the URL pattern above.
  ADD_URI_SAFE_ATTR: ['width', 'height', 'colspan', 'rowspan'],
  RETURN_TRUSTED_TYPE: false,
};

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | null = null;

/** One instance of our own, so the hooks below never touch another module's use of DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = (node.getAttribute('href') ?? '').trim();
      if (RICH_TEXT_SAFE_LINK.test(href)) node.setAttribute('href', href);
      else node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.nodeName === 'IMG') {
      if (!RICH_TEXT_SAFE_IMAGE.test((node.getAttribute('src') ?? '').trim())) node.parentNode?.removeChild(node);
    }
  });
  purifier = instance;
  return instance;
}

/** The operator's HTML reduced to the allow-list above, as an HTML string. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, CONFIG) as string;
}

export interface RichTextProps {
  /** Operator HTML; cleaned here before it reaches the page. */
  html: string | null | undefined;
  className?: string;
  'data-testid'?: string;
}

/**
 * Operator rich text, cleaned by `sanitizeRichText`. `dir="auto"` lets an Arabic notice read right to
 * left and an English one left to right, whatever the app's language.
 */
export function RichText({ html, className, 'data-testid': testId }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className={className ? `k-rich-text ${className}` : 'k-rich-text'}
      dir="auto"
      data-testid={testId}
      // Cleaned above with a strict allow-list (the only place the app puts operator HTML in the page).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
