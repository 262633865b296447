import { support } from '@kestrel/contract/web';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../shared/ui/FormFields';
import { StrokeIcon } from '../../../shared/ui/StrokeIcon';
import { characterCount, checkMessageText, IMAGE_TYPES } from '../lib/composer';
import type { Refusal } from '../lib/timeline';

/** The text area grows with the text up to this many lines, then scrolls. */
const MAX_LINES = 5;
/** The counter shows once the text is this close to the limit. */
const COUNTER_FROM = support.SUPPORT_TEXT_MAX - 100;

/**
 * The bar at the bottom of the chat: a picture button (the picture is compressed before it is
 * uploaded), a text area that grows to a few lines, and Send. Enter sends on a keyboard with a
 * pointer (a computer), Shift+Enter breaks the line; on a phone Enter breaks the line and Send sends.
 * Under it: why the text cannot be sent as it is (too long, characters the chat does not take), or
 * the server's last refusal (too fast, not an image...), translated.
 */
export function Composer({
  draft,
  onDraft,
  onSend,
  onPickImage,
  refusal,
}: {
  draft: string;
  onDraft: (draft: string) => void;
  onSend: (text: string) => void;
  onPickImage: (file: File) => void;
  refusal: Refusal | null;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const check = checkMessageText(draft);
  const count = characterCount(draft.trim());

  // Grow with the text (up to MAX_LINES), shrink back after sending.
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    const line = parseFloat(getComputedStyle(element).lineHeight) || 21;
    const padding = element.offsetHeight - element.clientHeight + 16;
    element.style.height = `${Math.min(element.scrollHeight, line * MAX_LINES + padding)}px`;
  }, [draft]);

  const localProblem =
    check.ok || check.reason === 'empty'
      ? null
      : check.reason === 'too_long'
        ? t('error.support_text_too_long', { max: check.max })
        : t('error.support_text_invalid');
  const message = localProblem ?? (refusal ? t(refusal.key, refusal.params ?? {}) : null);

  const submit = () => {
    if (check.ok) onSend(check.text);
  };

  return (
    <div className="sp-composer">
      <form
        className="sp-composer__bar"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label
          className="sp-composer__attach"
          htmlFor={fileId}
          aria-label={t('support.attach_image')}
          title={t('support.attach_image')}
        >
          <PictureOutline aria-hidden="true" />
          <input
            id={fileId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="visually-hidden"
            data-testid="support-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onPickImage(file);
            }}
          />
        </label>
        <label htmlFor={inputId} className="visually-hidden">
          {t('support.placeholder')}
        </label>
        <textarea
          id={inputId}
          ref={area}
          className="sp-composer__input"
          rows={1}
          dir="auto"
          placeholder={t('support.placeholder')}
          value={draft}
          // Generous, so a paste is not cut silently; the limit is said under the field.
          maxLength={support.SUPPORT_TEXT_MAX * 4}
          aria-invalid={localProblem !== null || undefined}
          aria-describedby={message ? `${inputId}-message` : undefined}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            if (!window.matchMedia?.('(pointer: fine)').matches) return;
            event.preventDefault();
            submit();
          }}
          data-testid="support-input"
        />
        <button
          type="submit"
          className="sp-composer__send"
          disabled={!check.ok}
          aria-label={t('support.send')}
          data-testid="support-send"
        >
          {/* A paper plane: what a chat's send button looks like (mirrored right to left). */}
          <StrokeIcon name="send" size={20} />
        </button>
      </form>
      <div className="sp-composer__foot" id={`${inputId}-message`}>
        <FieldError message={message} testId="support-composer-error" />
        {count >= COUNTER_FROM ? (
          <span
            className={`sp-composer__count numeric${count > support.SUPPORT_TEXT_MAX ? ' sp-composer__count--over' : ''}`}
            dir="ltr"
            data-testid="support-count"
          >
            {count} / {support.SUPPORT_TEXT_MAX}
          </span>
        ) : null}
      </div>
    </div>
  );
}
