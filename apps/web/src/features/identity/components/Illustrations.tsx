import type { ReactElement } from 'react';

/**
 * The pictures of the verification screens, drawn here (no image files): what each photo slot wants
 * (a document's front, back, a passport's photo page and cover, the customer holding the document, a
 * proof of address) and the document types' small marks. They take their colours from identity.css.
 */

export type PhotoKind = 'front' | 'back' | 'passportPage' | 'passportCover' | 'selfie' | 'address';

/** A slot's picture: what to photograph. Decorative (the caption says it in words). */
export function PhotoIllustration({ kind }: { kind: PhotoKind }) {
  return (
    <svg className="idv-art" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false">
      {ART[kind]}
    </svg>
  );
}

const card = <rect className="idv-art__sheet" x="14" y="12" width="92" height="58" rx="7" />;

const ART: Record<PhotoKind, ReactElement> = {
  front: (
    <>
      {card}
      <rect className="idv-art__soft" x="22" y="22" width="26" height="32" rx="4" />
      <circle className="idv-art__line" cx="35" cy="33" r="6" />
      <path className="idv-art__line" d="M25 52c2-6 6-9 10-9s8 3 10 9" />
      <path className="idv-art__line" d="M56 26h40M56 35h32M56 44h36M56 58h22" />
    </>
  ),
  back: (
    <>
      {card}
      <rect className="idv-art__band" x="14" y="22" width="92" height="11" />
      <path className="idv-art__line" d="M22 44h50M22 52h40M22 60h46" />
      <path className="idv-art__line" d="M84 44v16M88 44v16M91 44v16M95 44v16M98 44v16" />
    </>
  ),
  passportPage: (
    <>
      <rect className="idv-art__sheet" x="18" y="8" width="84" height="64" rx="5" />
      <rect className="idv-art__soft" x="25" y="16" width="22" height="28" rx="3" />
      <circle className="idv-art__line" cx="36" cy="26" r="5" />
      <path className="idv-art__line" d="M28 42c1.5-5 4.5-7 8-7s6.5 2 8 7" />
      <path className="idv-art__line" d="M54 19h40M54 27h30M54 35h36" />
      <path className="idv-art__line idv-art__line--fine" d="M25 54h70M25 62h70" />
    </>
  ),
  passportCover: (
    <>
      <rect className="idv-art__sheet idv-art__sheet--strong" x="32" y="6" width="56" height="68" rx="5" />
      <circle className="idv-art__on-strong" cx="60" cy="34" r="12" />
      <path className="idv-art__on-strong" d="M48 34h24M60 22c-5 6-5 18 0 24M60 22c5 6 5 18 0 24" />
      <path className="idv-art__on-strong" d="M48 58h24" />
    </>
  ),
  selfie: (
    <>
      <circle className="idv-art__soft" cx="46" cy="30" r="13" />
      <circle className="idv-art__line" cx="46" cy="28" r="9" />
      <path className="idv-art__line" d="M26 72c3-14 11-21 20-21s17 7 20 21" />
      <rect className="idv-art__sheet" x="66" y="38" width="36" height="24" rx="3" transform="rotate(-8 84 50)" />
      <path className="idv-art__line" d="M72 46h10M72 52h18" transform="rotate(-8 84 50)" />
      <path className="idv-art__line" d="M64 64l6-8" />
    </>
  ),
  address: (
    <>
      <rect className="idv-art__sheet" x="28" y="6" width="64" height="68" rx="5" />
      <path className="idv-art__soft-line" d="M38 24l10-8 10 8v10H38z" />
      <path className="idv-art__line" d="M64 18h20M64 26h14M38 44h44M38 52h44M38 60h28" />
    </>
  ),
};

export type DocumentMark = 'idCard' | 'passport' | 'licence' | 'selfie' | 'address';

/** A document type's small mark, in a choice. */
export function DocumentIcon({ mark }: { mark: DocumentMark }) {
  return (
    <svg className="idv-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      {MARKS[mark]}
    </svg>
  );
}

const MARKS: Record<DocumentMark, ReactElement> = {
  idCard: (
    <>
      <rect x="3" y="7" width="26" height="18" rx="3" />
      <circle cx="11" cy="14" r="3" />
      <path d="M7 21c1-2.5 2.5-3.5 4-3.5s3 1 4 3.5M19 13h6M19 17h5" />
    </>
  ),
  passport: (
    <>
      <rect x="7" y="3" width="18" height="26" rx="2.5" />
      <circle cx="16" cy="14" r="5" />
      <path d="M11 14h10M16 9c-2 2.5-2 7.5 0 10M16 9c2 2.5 2 7.5 0 10M12 24h8" />
    </>
  ),
  licence: (
    <>
      <rect x="3" y="7" width="26" height="18" rx="3" />
      <path d="M8 19l1.5-4h7l1.5 4v2H8zM10 21v1.5M16 21v1.5M21 13h5M21 17h4" />
    </>
  ),
  selfie: (
    <>
      <circle cx="13" cy="11" r="5" />
      <path d="M4 28c1-6 4.5-9 9-9s8 3 9 9" />
      <rect x="19" y="15" width="10" height="7" rx="1.5" />
    </>
  ),
  address: (
    <>
      <rect x="6" y="3" width="20" height="26" rx="2.5" />
      <path d="M11 12l5-4 5 4v5H11zM11 22h10" />
    </>
  ),
};
