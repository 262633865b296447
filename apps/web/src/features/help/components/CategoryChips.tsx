import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpCategory } from '../api/help-categories';

/**
 * The categories as a row of chips that scrolls sideways inside itself (the page never does): "All",
 * then each category with its number of articles. One is chosen (`selected` undefined: all).
 */
export function CategoryChips({
  categories,
  selected,
  onSelect,
}: {
  categories: HelpCategory[];
  selected: number | undefined;
  onSelect: (categoryId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hc-chips" role="radiogroup" aria-label={t('help.categories')} data-testid="help-categories">
      <Chip checked={selected === undefined} onClick={() => onSelect(undefined)} testId="help-category-all">
        {t('help.all')}
      </Chip>
      {categories.map((category) => (
        <Chip
          key={category.id}
          checked={selected === category.id}
          onClick={() => onSelect(category.id)}
          testId={`help-category-${category.id}`}
        >
          <span dir="auto">{category.name}</span>
          <span className="hc-chip__count numeric" dir="ltr">
            {category.articleCount}
          </span>
        </Chip>
      ))}
    </div>
  );
}

function Chip({
  checked,
  onClick,
  testId,
  children,
}: {
  checked: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className="hc-chip"
      onClick={onClick}
      data-testid={testId}
    >
      <span className="hc-chip__face">{children}</span>
    </button>
  );
}
