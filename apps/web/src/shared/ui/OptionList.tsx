import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import './option-list.css';

export interface Option {
  key: string;
  title: ReactNode;
  description?: ReactNode;
  /** Extra text before the check mark (a latency, a "Current" label). */
  extra?: ReactNode;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
}

/** A card of choices, one selected (check mark), as the language and line pages use. */
export function OptionList({
  options,
  selected,
  busy,
  onSelect,
}: {
  options: readonly Option[];
  selected: string;
  /** The option being applied: a spinner replaces its check mark. */
  busy?: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <ul className="option-list card" role="listbox">
      {options.map((option) => {
        const isSelected = option.key === selected;
        return (
          <li key={option.key} role="option" aria-selected={isSelected}>
            <button
              type="button"
              className={`option-list__row${isSelected ? ' option-list__row--selected' : ''}`}
              onClick={() => onSelect(option.key)}
              disabled={busy !== null && busy !== undefined}
            >
              <span className="option-list__text">
                <span className="option-list__title" lang={option.lang} dir={option.dir}>
                  {option.title}
                </span>
                {option.description ? <span className="option-list__description">{option.description}</span> : null}
              </span>
              {option.extra ? <span className="option-list__extra">{option.extra}</span> : null}
              <span className="option-list__mark" aria-hidden="true">
                {busy === option.key ? (
                  <span className="spinner spinner--small" />
                ) : isSelected ? (
                  <CheckOutline />
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
