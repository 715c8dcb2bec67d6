import { useEffect, useState } from 'react';
import Spinner from '#components/ui/Spinner.tsx';
import type { PersonalDataDocument as Document } from '#domain/contract.ts';
import { personalDataTexts as t } from './texts.ts';

/** Where each document is published (no login). */
export const PERSONAL_DATA_APIS = { consent: '/api/public/consent', privacy: '/api/public/privacy' } as const;

export type PersonalDataKind = keyof typeof PERSONAL_DATA_APIS;

/** Reads a published document; null when it cannot be had (no connection, registration closed). */
export async function fetchPersonalDataDocument(kind: PersonalDataKind): Promise<Document | null> {
  try {
    const response = await fetch(PERSONAL_DATA_APIS[kind], {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    return response.ok ? ((await response.json()) as Document) : null;
  } catch {
    return null;
  }
}

/** The document's text: its paragraphs, as published. */
export function DocumentText({ document }: { document: Document }) {
  return (
    <div className="personal-data__text">
      {document.text.split(/\n{2,}/).map((paragraph, index) => (
        // A head's template may repeat a paragraph: its place is its key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs never move
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** '/consent' and '/privacy': the document as the API publishes it now, with its edition. */
export default function PersonalDataDocument({ kind }: { kind: PersonalDataKind }) {
  const [document, setDocument] = useState<Document | null | 'loading'>('loading');
  useEffect(() => {
    void fetchPersonalDataDocument(kind).then(setDocument);
  }, [kind]);
  if (document === 'loading') return <Spinner label={t.loading} />;
  if (document === null) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{t.failed}</p>
      </div>
    );
  }
  return (
    <article className="card personal-data">
      <p className="personal-data__version">{t.version(document.version)}</p>
      <DocumentText document={document} />
    </article>
  );
}
