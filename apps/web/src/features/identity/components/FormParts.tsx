import { CheckOutline, LockOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../shared/ui/Buttons';
import { FieldError, FieldFrame } from '../../../shared/ui/FormFields';
import type { PhotoField } from '../lib/identity-form';
import { METHODS, photoSlotOf } from '../lib/labels';
import { DocumentIcon } from './Illustrations';
import { PhotoSlot } from './PhotoSlot';
import type { IdentityForm } from './use-identity-form';

/** A form section's heading and the line under it. */
export function SectionIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <div className="idv-intro">
      <h2 className="idv-section__title">{title}</h2>
      <p className="idv-section__lead">{lead}</p>
    </div>
  );
}

/**
 * The document type (basic: three side by side) or the method (advanced: two, one under the other, each
 * with what it asks for): a radio group of cards; `error` shows under it.
 */
export function MethodChoice({
  label,
  methods,
  value,
  onChange,
  error,
  layout,
}: {
  label: string;
  methods: readonly number[];
  value: number;
  onChange: (method: number) => void;
  error: string | null;
  layout: 'grid' | 'list';
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} errorTestId="identity-method-error" labelIsText>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className={`idv-methods idv-methods--${layout}`}>
        {methods.map((method) => {
          const entry = METHODS[method];
          if (!entry) return null;
          const checked = value === method;
          return (
            <button
              key={method}
              type="button"
              role="radio"
              aria-checked={checked}
              className="idv-method"
              onClick={() => onChange(method)}
              data-testid={`identity-method-${method}`}
            >
              <DocumentIcon mark={entry.mark} />
              <span className="idv-method__text">
                <span className="idv-method__name">{t(entry.name)}</span>
                {layout === 'list' && entry.hint ? <span className="idv-method__hint">{t(entry.hint)}</span> : null}
              </span>
              {layout === 'list' ? <span className="idv-method__radio" aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
    </FieldFrame>
  );
}

/** The form's method choice: its value, its problem, and the place the form scrolls to for it. */
export function FormMethodChoice({
  form,
  label,
  methods,
  layout,
}: {
  form: IdentityForm;
  label: string;
  methods: readonly number[];
  layout: 'grid' | 'list';
}) {
  return (
    <div ref={form.refOf('authMethod')}>
      <MethodChoice
        label={label}
        methods={methods}
        value={form.authMethod}
        onChange={form.setAuthMethod}
        error={form.errorOf('authMethod')}
        layout={layout}
      />
    </div>
  );
}

/** One of the form's photos: the slot for `field` under the chosen method, its photo and its problem. */
export function FormPhotoSlot({ form, field, wide }: { form: IdentityForm; field: PhotoField; wide?: boolean }) {
  const { t } = useTranslation();
  const slot = photoSlotOf(form.authMethod, field);
  return (
    <div ref={form.refOf(field)}>
      <PhotoSlot
        caption={t(slot.caption)}
        art={slot.art}
        photo={form.photos[field]}
        error={form.errorOf(field)}
        onPick={(file) => form.pickPhoto(field, file)}
        testId={`identity-photo-${field}`}
        wide={wide}
      />
    </div>
  );
}

/** The end of a form: who sees the photos, a refusal of the whole submission, and the send button. */
export function FormSubmit({ form }: { form: IdentityForm }) {
  const { t } = useTranslation();
  return (
    <>
      <PrivacyNote />
      <div className="idv-submit">
        <FieldError message={form.formError} testId="identity-form-error" />
        <ActionButton onClick={form.submit} loading={form.sending} disabled={form.uploading} testId="identity-submit">
          {t('identity.submit')}
        </ActionButton>
      </div>
    </>
  );
}

/** What makes a photo pass review at once, as a short checklist. */
export function PhotoTips({ tips }: { tips: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="idv-tips">
      <p className="idv-tips__title">{t('identity.tips_title')}</p>
      <ul className="idv-tips__list">
        {tips.map((tip) => (
          <li key={tip}>
            <CheckOutline className="idv-tips__mark" aria-hidden="true" />
            <span>{t(tip)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who sees the photos. */
export function PrivacyNote() {
  const { t } = useTranslation();
  return (
    <p className="idv-privacy">
      <LockOutline className="idv-privacy__icon" aria-hidden="true" />
      <span>{t('identity.privacy_note')}</span>
    </p>
  );
}
