// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { expect, it } from 'vitest';
import { i18n } from './i18n';

function Label() {
  const { t } = useTranslation();
  return <span>{t('probe.arrives_late')}</span>;
}

it('a screen drawn before a pack arrives shows its text once the pack is added, without a language change', () => {
  render(
    <I18nextProvider i18n={i18n}>
      <Label />
    </I18nextProvider>,
  );
  expect(screen.getByText('probe.arrives_late')).toBeTruthy();
  act(() => {
    i18n.addResourceBundle('en', 'translation', { 'probe.arrives_late': 'Arrived late' }, true, true);
  });
  expect(screen.getByText('Arrived late')).toBeTruthy();
});
