import { useNavigate } from 'react-router-dom';
import { useBanners } from '../api/banner-list';

/**
 * The operators' home banners: a strip that snaps one banner at a time. Nothing at all when there are
 * none (a fresh install), so the screen does not hold an empty frame. A banner opens an app route in
 * the app, and an https link in a new tab without access back to the app.
 */
export function HomeBanners() {
  const banners = useBanners();
  const navigate = useNavigate();
  const rows = banners.data ?? [];
  if (rows.length === 0) return null;
  const open = (link: string) => {
    if (link.startsWith('https://')) window.open(link, '_blank', 'noopener,noreferrer');
    else if (link.startsWith('/')) navigate(link);
  };
  return (
    <section className="home-banners" data-testid="home-banners">
      {rows.map((banner) =>
        banner.link ? (
          <button key={banner.id} type="button" className="home-banners__item" onClick={() => open(banner.link)}>
            <img src={banner.imageUrl} alt={banner.title} loading="lazy" />
          </button>
        ) : (
          <div key={banner.id} className="home-banners__item">
            <img src={banner.imageUrl} alt={banner.title} loading="lazy" />
          </div>
        ),
      )}
    </section>
  );
}
