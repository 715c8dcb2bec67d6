// The titled block every part of a statement's detail is drawn in (the project, the applicant, refusal grounds,
// corrections, appeals), with its description list of terms and values.
import type { ReactNode } from 'react';
import { orDash } from '#domain/russian.ts';

/** A term and its value in a description list. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Terms and their text values; an empty value reads as the dash. */
export type DetailRows = ReadonlyArray<readonly [term: string, value: string | null | undefined]>;

/**
 * A titled block: `rows` of text values, or `children` (DetailItems in the description list when `list` is set, or
 * anything else).
 */
export function DetailBlock({
  title,
  list = false,
  rows,
  children,
}: {
  title: string;
  list?: boolean;
  rows?: DetailRows;
  children?: ReactNode;
}) {
  const items = rows?.map(([term, value]) => (
    <DetailItem key={term} term={term}>
      {orDash(value)}
    </DetailItem>
  ));
  return (
    <section className="card detail-block" aria-label={title}>
      <h2 className="detail-block__title">{title}</h2>
      {rows || list ? (
        <dl className="details">
          {items}
          {children}
        </dl>
      ) : (
        children
      )}
    </section>
  );
}
