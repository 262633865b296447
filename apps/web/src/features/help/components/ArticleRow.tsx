import { RightOutline } from 'antd-mobile-icons';
import type { HelpArticleSummary } from '../api/help-list';
import { highlightParts } from '../lib/highlight';
import { articlePath } from '../paths';
import { NavButton } from '../../../shared/ui/NavButton';

/** Title and summary as text, the searched words marked. */
function Marked({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, index) =>
        part.match ? (
          <mark className="hc-mark" key={index}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * One article in the list: its title, the start of its text (plain text from the server) and its
 * category; the searched words are marked. Opens the article.
 */
export function ArticleRow({ article, keyword }: { article: HelpArticleSummary; keyword: string }) {
  return (
    <li>
      <NavButton to={articlePath(article.id)} className="hc-row" testId={`help-article-${article.id}`}>
        <span className="hc-row__text">
          <span className="hc-row__title" dir="auto">
            <Marked text={article.title} keyword={keyword} />
          </span>
          {article.summary !== '' ? (
            <span className="hc-row__summary" dir="auto">
              <Marked text={article.summary} keyword={keyword} />
            </span>
          ) : null}
          <span className="hc-row__category" dir="auto">
            {article.categoryName}
          </span>
        </span>
        <RightOutline className="hc-row__arrow" aria-hidden="true" />
      </NavButton>
    </li>
  );
}
