import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RISE_FALL_COLOURS,
  THEME_PREFERENCES,
  useSettingsStore,
  type RiseFallColours,
  type ThemePreference,
} from '../../../shared/store/settings';
import { Segmented } from '../../../shared/ui/Segmented';
import './appearance-settings.css';

const THEME_LABEL_KEYS: Record<ThemePreference, string> = {
  system: 'me.theme_system',
  light: 'me.theme_light',
  dark: 'me.theme_dark',
};

const RISE_FALL_LABEL_KEYS: Record<RiseFallColours, string> = {
  'green-up': 'me.green_up',
  'red-up': 'me.red_up',
};

/**
 * The appearance card in Me: light, dark or the phone's setting, and which colour means a rise. Both
 * are kept on this device (shared/store/settings); the document follows through shared/theme.
 */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const themePreference = useSettingsStore((state) => state.themePreference);
  const setThemePreference = useSettingsStore((state) => state.setThemePreference);
  const riseFallColours = useSettingsStore((state) => state.riseFallColours);
  const setRiseFallColours = useSettingsStore((state) => state.setRiseFallColours);
  const titleId = useId();

  return (
    <section className="card appearance" aria-labelledby={titleId} data-testid="appearance-settings">
      <h2 className="card__title" id={titleId}>
        {t('me.appearance')}
      </h2>
      <ChoiceRow
        label={t('me.theme')}
        options={THEME_PREFERENCES.map((value) => ({ value, label: t(THEME_LABEL_KEYS[value]) }))}
        value={themePreference}
        onChange={setThemePreference}
        testId="theme"
      />
      <ChoiceRow
        label={t('me.price_colours')}
        options={RISE_FALL_COLOURS.map((value) => ({
          value,
          label: (
            <>
              <RiseFallSample colours={value} />
              {t(RISE_FALL_LABEL_KEYS[value])}
            </>
          ),
        }))}
        value={riseFallColours}
        onChange={setRiseFallColours}
        testId="rise-fall"
      />
    </section>
  );
}

/** A labelled row of mutually exclusive toggle buttons in the house segmented look (parts.css). */
function ChoiceRow<Value extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: Value;
  onChange: (value: Value) => void;
  testId: string;
}) {
  const labelId = useId();
  return (
    <div className="appearance__row">
      <span className="appearance__label" id={labelId}>
        {label}
      </span>
      <Segmented
        className="appearance__choices"
        optionClassName="appearance__choice"
        labelledBy={labelId}
        options={options}
        value={value}
        onChange={onChange}
        testId={testId}
      />
    </div>
  );
}

/**
 * Two arrows in the colours the option stands for. They use the fixed green and red, not the rise/fall
 * tokens, so each option shows its own scheme whichever is chosen.
 */
function RiseFallSample({ colours }: { colours: RiseFallColours }) {
  const [up, down] = colours === 'green-up' ? ['green', 'red'] : ['red', 'green'];
  return (
    <span className="appearance__sample" aria-hidden="true">
      <span className={`appearance__arrow appearance__arrow--${up}`}>▲</span>
      <span className={`appearance__arrow appearance__arrow--${down}`}>▼</span>
    </span>
  );
}
