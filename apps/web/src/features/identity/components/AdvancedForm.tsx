import { identity } from '@kestrel/contract/web';
import { ADVANCED_AUTH_METHODS, AUTH_METHOD } from '@kestrel/domain';
import { useTranslation } from 'react-i18next';
import type { IdentityRecord } from '../api/identity-detail';
import { advancedMethodOf } from '../lib/identity-form';
import { FormMethodChoice, FormPhotoSlot, FormSubmit, PhotoTips, SectionIntro } from './FormParts';
import { useIdentityForm } from './use-identity-form';

const TIPS = {
  [AUTH_METHOD.selfieWithDocument]: ['identity.tip_selfie_face', 'identity.tip_clear', 'identity.tip_original'],
  [AUTH_METHOD.proofOfAddress]: ['identity.tip_address_name', 'identity.tip_corners', 'identity.tip_clear'],
} as const;

/**
 * Advanced verification (level 1, once basic has passed): a photo of the customer holding the document,
 * or a proof of address; one photo either way. After a rejection the method and photo sent are kept.
 */
export function AdvancedForm({ record }: { record: IdentityRecord | null }) {
  const { t } = useTranslation();
  const form = useIdentityForm(identity.IDENTITY_LEVEL.advanced, {
    authMethod: advancedMethodOf(record?.authMethod),
    record,
  });
  const tips =
    form.authMethod === AUTH_METHOD.proofOfAddress
      ? TIPS[AUTH_METHOD.proofOfAddress]
      : TIPS[AUTH_METHOD.selfieWithDocument];
  return (
    <>
      <section className="card idv-section" data-testid="identity-advanced-form">
        <SectionIntro title={t('identity.advanced_intro_title')} lead={t('identity.advanced_intro')} />
        <FormMethodChoice
          form={form}
          label={t('identity.advanced_method')}
          methods={ADVANCED_AUTH_METHODS}
          layout="list"
        />
      </section>

      <section className="card idv-section">
        <h2 className="idv-section__title">{t('identity.photo_title')}</h2>
        <FormPhotoSlot form={form} field="img3Key" wide />
        <PhotoTips tips={tips} />
      </section>

      <FormSubmit form={form} />
    </>
  );
}
