import { helpCentre } from '@kestrel/contract/web';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The help centre's search field: what the customer types (searched as they stop typing, in the app's
 * language), at most the server's keyword length, with a clear button once there is text.
 */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      className="hc-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        // The search runs as the customer types; Enter only closes the phone's keyboard.
        (document.activeElement as HTMLElement | null)?.blur();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('help.search_label')}
      </label>
      <SearchOutline className="hc-search__icon" aria-hidden="true" />
      <input
        id={id}
        className="hc-search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        dir="auto"
        maxLength={helpCentre.HELP_KEYWORD_MAX}
        placeholder={t('help.search_placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="help-search"
      />
      {value !== '' ? (
        <button
          type="button"
          className="hc-search__clear"
          onClick={() => onChange('')}
          aria-label={t('help.search_clear')}
          data-testid="help-search-clear"
        >
          <CloseCircleFill aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
