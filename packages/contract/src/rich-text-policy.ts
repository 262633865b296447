/**
 * The one allow-list for operator rich text (platform notices, help articles, the pop-up), applied
 * twice: by the server on save (apps/server/src/core/rich-text.ts, sanitize-html) and by the app
 * before it shows the HTML (apps/web/src/shared/display/rich-text.tsx, DOMPurify). Both read it from
 * here, so the two cleanings can never drift apart.
 *
 * Kept: paragraphs, line breaks, headings h1-h4, bold/italic/underline/strike, lists, quotes, code,
 * horizontal rules, simple tables, links and images. Everything else goes, with its content where the
 * content is code (RICH_TEXT_CODE_TAGS), and every attribute not listed (so every `on*` handler and
 * every `style`).
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
];

/** The attributes each kept tag may carry; any other attribute is removed. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Tags whose text is code or chrome, not content: dropped together with the tag. */
export const RICH_TEXT_CODE_TAGS: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
];

/** A link: http(s), mailto, or a path on this site (one leading slash, never `//host`). */
export const RICH_TEXT_SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

/**
 * An image: only our own uploads (`/uploads/...`, no `..`) or an inline raster `data:image/(png|jpeg|gif|webp)`.
 * A remote image is a tracking pixel, and `data:image/svg+xml` can carry script.
 */
export const RICH_TEXT_SAFE_IMAGE =
  /^(?:\/uploads\/(?!.*\.\.)[^\s"'<>]+|data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+)$/i;
