import { CONSTANTS, type wallet, type BodyOf } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMasking } from '../../../shared/display/display-rules';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useAddUserBankCard } from '../api/add-user-bank-card';
import { useBankProperties } from '../api/bank-property-config-list';
import { useUpdateUserBankCard } from '../api/update-user-bank-card';
import { useDeleteUserBankCard } from '../api/user-delete-bank-card';
import { useUserBankCards } from '../api/user-bank-list';
import { TextField } from '../components/Fields';
import { MoneyPage } from '../components/MoneyPage';
import { cardFieldGuideKeys, cardFormProblems, initialCardValues, type CardValues } from '../lib/bank-card-form';
import { bankCardFieldOf, fieldRefusalOf, type FieldRefusal } from '../lib/field-refusals';
import { idParameter, MONEY_PATHS } from '../lib/paths';

type CardBody = BodyOf<typeof wallet.addUserBankCard>;

/**
 * `/pages/bankCard/bindBankCard` (`?id=` to edit): the card form, its fields and required marks from
 * bankPropertyConfig. A masked number is never sent back: editing asks for the full number again.
 */
export default function BindBankCardScreen() {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const editId = idParameter(parameters.get('id'));
  const properties = useBankProperties();
  const cards = useUserBankCards();
  const editing = editId !== null ? cards.data?.find((card) => card.id === editId) : undefined;

  let body;
  if (properties.isPending || (editId !== null && cards.isPending)) {
    body = (
      <section className="card m-section" aria-busy="true">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={48} radius={12} />
        ))}
      </section>
    );
  } else if (properties.isError || (editId !== null && cards.isError)) {
    body = (
      <LoadFailed
        variant="plain"
        title={t('wallet.load_failed')}
        onRetry={() => {
          void properties.refetch();
          void cards.refetch();
        }}
      />
    );
  } else if (editId !== null && !editing) {
    body = <Notice tone="warning" title={t('error.bank_card_not_found')} />;
  } else {
    return <CardForm properties={properties.data} editing={editing} />;
  }
  return (
    <MoneyPage title={editId !== null ? t('wallet.edit_card') : undefined}>
      <div className="screen__body m-body">{body}</div>
    </MoneyPage>
  );
}

function CardForm({
  properties,
  editing,
}: {
  properties: { propertyName: string; labelKey: string; isRequired: number }[];
  editing: (Record<string, unknown> & { id: number }) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack(MONEY_PATHS.bankCards);
  const add = useAddUserBankCard();
  const update = useUpdateUserBankCard();
  const remove = useDeleteUserBankCard();
  const mask = useMasking();
  const [values, setValues] = useState<CardValues>(() => initialCardValues(properties, editing));
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal of the last save, under the field it names until that field changes.
  const [refusal, setRefusal] = useState<FieldRefusal<string> | null>(null);
  const optionalText = (key: string) => (i18n.exists(key) ? t(key) : undefined);

  const problems = cardFormProblems(properties, values);
  const pending = add.isPending || update.isPending;

  const submit = async () => {
    setSubmitted(true);
    if (Object.values(problems).some(Boolean)) return;
    const body: CardBody = {};
    for (const property of properties) {
      const value = values[property.propertyName]?.trim() ?? '';
      if (value !== '')
        (body as Record<string, string>)[property.propertyName] =
          property.propertyName === 'bankNo' ? value.replace(/\s+/g, '') : value;
    }
    try {
      if (editing) await update.mutateAsync({ ...body, userBankId: editing.id });
      else await add.mutateAsync(body);
      Toast.show({ content: t('tips.saved'), duration: CONSTANTS.toastDurationMs });
      goBack();
    } catch (error) {
      // A refusal about a field (a duplicate number, a missing field) shows under it; the rest (the
      // limit of cards) arrive as translated toasts.
      setRefusal(fieldRefusalOf(error, bankCardFieldOf));
    }
  };

  const confirmDelete = async () => {
    if (!editing) return;
    const confirmed = await Dialog.confirm({
      title: t('wallet.delete_card'),
      content: t('wallet.delete_card_body', { card: String(editing.bankName ?? '') }),
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(editing.id);
      Toast.show({ content: t('wallet.deleted'), duration: CONSTANTS.toastDurationMs });
      goBack();
    } catch {
      // Told by the request layer.
    }
  };

  return (
    <MoneyPage
      title={editing ? t('wallet.edit_card') : undefined}
      footer={
        <ActionButton onClick={() => void submit()} loading={pending} testId="card-submit">
          {t('common.save')}
        </ActionButton>
      }
    >
      <div className="screen__body m-body">
        <section className="card m-section">
          {properties.map((property) => {
            const name = property.propertyName;
            const problem = problems[name];
            const isNumber = name === 'bankNo';
            const label = t(property.labelKey, { defaultValue: name });
            const guide = cardFieldGuideKeys(property.labelKey);
            const refused = refusal?.field === name ? t(refusal.key, { ...refusal.params, field: label }) : null;
            return (
              <TextField
                key={name}
                label={label}
                required={property.isRequired === 1 || isNumber}
                value={values[name] ?? ''}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [name]: value }));
                  setRefusal((current) => (current?.field === name ? null : current));
                }}
                testId={`card-field-${name}`}
                inputMode={isNumber ? 'numeric' : name === 'bankPhone' ? 'tel' : 'text'}
                dir={isNumber || name === 'bankPhone' || name === 'swift' || name === 'abaCode' ? 'ltr' : undefined}
                maxLength={isNumber ? 40 : name === 'bankOpenAddress' || name === 'userRealAddress' ? 200 : 100}
                hint={isNumber && editing ? t('wallet.card_number_again') : optionalText(guide.hint)}
                placeholder={
                  isNumber && editing && typeof editing.bankNo === 'string'
                    ? mask.bankCard(editing.bankNo)
                    : optionalText(guide.placeholder)
                }
                error={refused ?? (submitted && problem ? t(problem.key, { ...problem.params, field: label }) : null)}
              />
            );
          })}
        </section>
        <p className="m-hint">{t('wallet.card_privacy_note')}</p>
        {editing ? (
          <ActionButton
            tone="outline"
            onClick={() => void confirmDelete()}
            loading={remove.isPending}
            testId="card-delete"
          >
            {t('wallet.delete_card')}
          </ActionButton>
        ) : null}
      </div>
    </MoneyPage>
  );
}
