import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CODE_TAGS,
  RICH_TEXT_SAFE_IMAGE,
  RICH_TEXT_SAFE_LINK,
  RICH_TEXT_TAGS,
} from '@kestrel/contract';

/**
 * Rich text an operator writes (platform notices, help articles, platform texts) is shown to customers
 * as HTML, so it is cleaned on save with the platform's one allow-list (packages/contract
 * rich-text-policy.ts, which the app applies again before showing it): an operator's mistake or a stolen
 * operator session must never run script in a customer's app.
 *
 * Kept: paragraphs, line breaks, headings h1-h4, bold/italic/underline/strike, lists, quotes, code,
 * horizontal rules, simple tables, links and images. Removed: every other tag (script, style, iframe,
 * object, embed, form, svg ... with their content where the content is code), every attribute not
 * in the policy (so every `on*` handler and every `style`), and any URL scheme but the listed ones.
 *
 * - Links: http, https and mailto, or a path on this site; always `rel="noopener noreferrer"` and
 *   `target="_blank"`, so a notice never gets a handle on the app's window.
 * - Images: only our own uploads (`/uploads/...`, no `..`) or an inline raster `data:image/(png|jpeg|gif|webp)`;
 *   an image from anywhere else is dropped (a remote image is a tracking pixel, and `data:image/svg+xml`
 *   can carry script).
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  nonTextTags: [...RICH_TEXT_CODE_TAGS],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const link: Record<string, string> = { rel: 'noopener noreferrer', target: '_blank' };
      if (RICH_TEXT_SAFE_LINK.test(href.trim())) link.href = href.trim();
      if (attribs.title !== undefined) link.title = attribs.title;
      return { tagName, attribs: link };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !RICH_TEXT_SAFE_IMAGE.test((frame.attribs.src ?? '').trim()),
};

/** The operator's HTML reduced to the shared allow-list; plain text comes back escaped but unchanged. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
