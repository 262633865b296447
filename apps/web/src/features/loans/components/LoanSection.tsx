import type { ReactNode } from 'react';

/** A card of a loan screen under its heading, which names it (`headingId`, unique on the screen). */
export function LoanSection({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card ln-section" aria-labelledby={headingId}>
      <h2 className="ln-section__title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
