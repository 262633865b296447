import type { ReactNode } from 'react';

/** One option of a single choice (a channel, a destination), drawn as a card with a radio mark. */
export function Choice({
  checked,
  onSelect,
  icon,
  title,
  meta,
  testId,
  disabled,
}: {
  checked: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  title: ReactNode;
  meta?: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className="m-choice"
      onClick={onSelect}
      data-testid={testId}
      disabled={disabled}
    >
      {icon ? (
        <span className="m-choice__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="m-choice__text">
        <span className="m-choice__title">{title}</span>
        {meta ? <span className="m-choice__meta">{meta}</span> : null}
      </span>
      <span className="m-choice__mark" aria-hidden="true" />
    </button>
  );
}

export function ChoiceGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="m-choices" role="radiogroup" aria-label={label}>
      {children}
    </div>
  );
}
