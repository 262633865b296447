import { identity } from '@kestrel/contract/web';
import { AUTH_METHOD, BASIC_AUTH_METHODS } from '@kestrel/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/contact/Field';
import type { IdentityRecord } from '../api/identity-detail';
import { basicMethodOf } from '../lib/identity-form';
import { FormMethodChoice, FormPhotoSlot, FormSubmit, PhotoTips, SectionIntro } from './FormParts';
import { useIdentityForm } from './use-identity-form';

const BASIC_TIPS = ['identity.tip_corners', 'identity.tip_clear', 'identity.tip_original'] as const;

/**
 * Basic verification (level 0): the document type, the legal name and the document number as printed on
 * it, and a photo of each side. After a rejection (`record`) the type, name and photos sent are kept;
 * the number is not (the server only shows it masked), so it is typed again.
 */
export function BasicForm({ record }: { record: IdentityRecord | null }) {
  const { t } = useTranslation();
  const form = useIdentityForm(identity.IDENTITY_LEVEL.basic, {
    authMethod: basicMethodOf(record?.authMethod),
    record,
  });
  const idCard = form.authMethod === AUTH_METHOD.idCard;
  return (
    <>
      <section className="card idv-section" data-testid="identity-basic-form">
        <SectionIntro title={t('identity.basic_intro_title')} lead={t('identity.basic_intro')} />
        <FormMethodChoice form={form} label={t('identity.document_type')} methods={BASIC_AUTH_METHODS} layout="grid" />
        <div ref={form.refOf('realName')}>
          <Field
            label={t('identity.real_name')}
            value={form.realName}
            onChange={(event) => form.setRealName(event.target.value)}
            onBlur={(event) => form.leave('realName', event.target.value)}
            placeholder={t('identity.real_name_placeholder')}
            hint={t('identity.real_name_hint')}
            error={form.errorOf('realName')}
            autoComplete="name"
            maxLength={80}
            dir="auto"
            testId="identity-name"
          />
        </div>
        <div ref={form.refOf('idNumber')}>
          <Field
            label={t('identity.id_number')}
            value={form.idNumber}
            onChange={(event) => form.setIdNumber(event.target.value.replace(/\s+/g, ''))}
            onBlur={(event) => form.leave('idNumber', event.target.value)}
            placeholder={t('identity.id_number_placeholder')}
            hint={idCard ? t('identity.id_number_hint_id_card') : t('identity.id_number_hint_other')}
            error={form.errorOf('idNumber')}
            inputMode={idCard ? 'numeric' : 'text'}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            dir="ltr"
            testId="identity-number"
          />
        </div>
      </section>

      <section className="card idv-section">
        <SectionIntro title={t('identity.photos_title')} lead={t('identity.photos_lead')} />
        <div className="idv-photos">
          <FormPhotoSlot form={form} field="img1Key" />
          <FormPhotoSlot form={form} field="img2Key" />
        </div>
        <PhotoTips tips={BASIC_TIPS} />
      </section>

      <FormSubmit form={form} />
    </>
  );
}
