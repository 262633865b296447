import './splash.css';

/** The brand screen shown while the app loads what it needs to speak (launch, language pack). */
export function Splash({ siteName = 'Kestrel', footer }: { siteName?: string; footer?: string }) {
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__brand">
        <img className="splash__logo" src="/logo.svg" alt="" width={72} height={72} />
        <span className="splash__name">{siteName}</span>
      </div>
      <div className="splash__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      {footer ? <p className="splash__footer">{footer}</p> : null}
    </div>
  );
}
