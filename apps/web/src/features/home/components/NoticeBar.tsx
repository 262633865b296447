import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useTips } from '../../../shared/platform/api/text-lang-list';
import { useSettingsStore } from '../../../shared/store/settings';
import { StrokeIcon } from '../../../shared/ui/StrokeIcon';

/** Tips shown in the rotating notice bar; the registration tip belongs to the register screen. */
const NOTICE_REMARKS = new Set(['risk_warning', 'simulated_market']);
const ROTATE_MS = 4000;

/** The tips settings as a notice bar: one line at a time, rotating; a tap opens the full text. */
export function NoticeBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((state) => state.locale);
  const query = useTips();
  const tips = query.data?.filter((tip) => tip.contentVisibleFlag === 1 && NOTICE_REMARKS.has(tip.remark)) ?? [];
  const [position, setPosition] = useState(0);
  const count = tips.length;
  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => setPosition((current) => (current + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count]);

  const tip = tips[position % Math.max(count, 1)];
  // While the tips load, an empty bar of the same size holds their place: the bar arriving later pushed
  // everything below it down, the first screen's largest layout shift.
  if (query.isPending) return <NoticeBarPlaceholder />;
  if (!tip) return null;
  return (
    <button
      type="button"
      className="home-notice"
      onClick={() => navigate(`/pages/richText?key=${encodeURIComponent(tip.remark)}`)}
      title={t('home.notice')}
      data-testid="home-notice"
    >
      <span className="home-notice__icon">
        <StrokeIcon name="notice" size={18} />
      </span>
      <span className="home-notice__text" key={tip.id} dir="auto">
        {tip.contentLang[locale] ?? tip.content}
      </span>
    </button>
  );
}

/** The notice bar's frame without a tip: the same element sizes, nothing to read or tap. */
function NoticeBarPlaceholder() {
  return (
    <div className="home-notice home-notice--loading" aria-hidden="true" data-testid="home-notice-loading">
      <span className="home-notice__icon">
        <StrokeIcon name="notice" size={18} />
      </span>
      <span className="home-notice__text">{'\u00a0'}</span>
    </div>
  );
}
