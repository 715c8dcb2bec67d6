import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { PublicCertificate, PublicDecisionSignature } from '#domain/contract.ts';
import { replacedLine } from '#domain/corrections.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { orDash } from '#domain/russian.ts';
import { certificateDay } from '#domain/signatures.ts';
import { currentPath } from '#lib/browser.ts';
import { formatListDate } from '#lib/dates.ts';
import { formatFileSize } from '#lib/file-size.ts';
import {
  checkTokenFromPath,
  isValidCertificate,
  lacksCertificate,
  matchingDocument,
  sha256OfFile,
} from '../certificates/certificate-check.ts';
import { checkTexts as t } from './texts.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; certificate: PublicCertificate }
  | { state: 'error'; title: string; text: string | null };

type Comparison =
  | { state: 'idle' }
  | { state: 'hashing'; name: string }
  | { state: 'done'; name: string; sha256: string; match: string | null }
  | { state: 'failed' };

/**
 * Asks the public endpoint about the token of the address. A plain fetch on purpose: no bearer token, no refresh,
 * nothing of a session (the visitor is usually not a portal user).
 */
async function loadCertificate(): Promise<Load> {
  const token = checkTokenFromPath(currentPath());
  if (!token) return { state: 'error', title: t.notFound, text: t.notFoundText };
  try {
    const response = await fetch(`/api/public/certificates/${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    if (response.ok) return { state: 'ready', certificate: (await response.json()) as PublicCertificate };
    if (response.status === 404) return { state: 'error', title: t.notFound, text: t.notFoundText };
    if (response.status === 429) return { state: 'error', title: t.tooMany, text: null };
  } catch {
    // reported below like any other failure
  }
  return { state: 'error', title: t.failed, text: null };
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What a comparison is against and how it words its answer: the approved documents, or the approved set's sheets. */
interface CompareWith {
  documents: ReadonlyArray<{ fileName: string; size: number; sha256: string | null }>;
  title: string;
  /** The file input's label: each comparison on the page names its own. */
  label: string;
  matches: (name: string) => string;
  matchesNone: string;
}

/** The visitor's own file, hashed in the browser (never uploaded) and compared with `compare.documents`. */
function CompareFile({ compare }: { compare: CompareWith }) {
  const inputId = useId();
  const hintId = useId();
  const [comparison, setComparison] = useState<Comparison>({ state: 'idle' });
  const [chosen, setChosen] = useState('');

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setChosen(file.name);
    setComparison({ state: 'hashing', name: file.name });
    try {
      const sha256 = await sha256OfFile(file);
      const match = matchingDocument(sha256, compare.documents);
      setComparison({ state: 'done', name: file.name, sha256, match: match?.fileName ?? null });
    } catch {
      setComparison({ state: 'failed' });
    }
  };

  return (
    <section className="card check-block" aria-labelledby={`${inputId}-title`}>
      <h2 className="detail-block__title" id={`${inputId}-title`}>
        {compare.title}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {compare.label}
        </label>
        <p className="field__hint" id={hintId}>
          {t.compareHint}
        </p>
        <div className="dropzone">
          <input
            id={inputId}
            className="dropzone__input"
            type="file"
            aria-describedby={hintId}
            onChange={(event) => void onChange(event)}
          />
          {/* The browser's own caption follows its UI language; this one is always Russian. */}
          <span className="dropzone__button" aria-hidden="true">
            {t.chooseFile}
          </span>
          <span className="dropzone__text" aria-hidden="true">
            {chosen || t.noFile}
          </span>
        </div>
      </div>
      <div aria-live="polite" className="check-result">
        {comparison.state === 'hashing' && <p>{t.hashing}</p>}
        {comparison.state === 'failed' && <p className="alert alert--error">{t.hashFailed}</p>}
        {comparison.state === 'done' && (
          <div className={comparison.match ? 'alert alert--success' : 'alert alert--error'}>
            <p className="alert__title">{comparison.match ? compare.matches(comparison.match) : compare.matchesNone}</p>
            <p>
              {t.yourHash} ({comparison.name}): <code className="check-hash">{comparison.sha256}</code>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

/** Who signed the approval's certificate, as the portal verified it, and the signed certificate to compare. */
function SignedCertificate({ signature }: { signature: PublicDecisionSignature }) {
  const token = checkTokenFromPath(currentPath()) ?? '';
  const document = `/api/public/certificates/${encodeURIComponent(token)}/signed/document`;
  return (
    <section className="card check-block" aria-labelledby="check-signature">
      <h2 className="detail-block__title" id="check-signature">
        {t.signatureTitle}
      </h2>
      <p className="check-signature">
        {t.signedBy(
          signature.fio,
          signature.serialNumber,
          certificateDay(signature.validFrom),
          certificateDay(signature.validTo),
        )}
      </p>
      <p className="text-secondary">{t.signatureHint}</p>
      <ul className="check-signature__files">
        <li>
          <a href={document} download={signature.documentName}>
            {t.downloadDocument(signature.documentName)}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The public check page's island: the committee's answer about the certificate of the address. */
export default function CertificateCheck() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let active = true;
    void loadCertificate().then((result) => {
      if (active) setLoad(result);
    });
    return () => {
      active = false;
    };
  }, []);

  if (load.state === 'loading') {
    return (
      <p className="check-loading" aria-live="polite">
        {t.loading}
      </p>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="alert alert--error" role="alert">
        <p className="alert__title">{load.title}</p>
        {load.text && <p>{load.text}</p>}
      </div>
    );
  }

  const { certificate } = load;
  const valid = isValidCertificate(certificate);
  const { replacedBy, replaces } = certificate;
  return (
    <div className="check">
      <p className="check-committee">{orDash(certificate.committee)}</p>
      {valid && replacedBy ? (
        <div className="alert alert--warning" role="status">
          <p className="alert__title">{replacedLine(certificateDate(new Date(replacedBy.date)))}</p>
          <p>{t.replacedText}</p>
          {replacedBy.checkUrl && (
            <p>
              <a href={replacedBy.checkUrl}>{t.openReplacement}</a>
            </p>
          )}
        </div>
      ) : lacksCertificate(certificate) ? (
        <div className="alert alert--warning" role="status">
          <p className="alert__title">{t.missing}</p>
          <p>{t.missingText}</p>
        </div>
      ) : (
        <div className={valid ? 'alert alert--success' : 'alert alert--error'} role="status">
          <p className="alert__title">{valid ? t.valid : t.invalid}</p>
          <p>{valid ? t.validText : t.byStatus[certificate.status]}</p>
          {valid && replaces && (
            <p>
              {t.replaces(certificateDate(new Date(replaces.date)))}{' '}
              {replaces.checkUrl && <a href={replaces.checkUrl}>{t.openReplaced}</a>}
            </p>
          )}
        </div>
      )}

      {valid && certificate.signature && <SignedCertificate signature={certificate.signature} />}

      <section className="card check-block" aria-labelledby="check-fields">
        <h2 className="detail-block__title" id="check-fields">
          {t.fields}
        </h2>
        <dl className="details">
          <Item term={t.number}>№ {certificate.visibleId}</Item>
          <Item term={t.decisionDate}>
            {certificate.decisionDate ? formatListDate(certificate.decisionDate) : t.dash}
          </Item>
          <Item term={t.objectName}>{orDash(certificate.objectName)}</Item>
          <Item term={t.address}>{orDash(certificate.address)}</Item>
          <Item term={t.company}>{orDash(certificate.company)}</Item>
          <Item term={t.companyInn}>{orDash(certificate.companyInn)}</Item>
          <Item term={t.companyOgrn}>{orDash(certificate.companyOgrn)}</Item>
          <Item term={t.examiner}>{orDash(certificate.examiner)}</Item>
        </dl>
      </section>

      {valid && (
        <section className="card check-block" aria-labelledby="check-documents">
          <h2 className="detail-block__title" id="check-documents">
            {t.documents}
          </h2>
          {certificate.documents.length === 0 ? (
            <p className="text-secondary">{t.noDocuments}</p>
          ) : (
            <ul className="check-documents">
              {certificate.documents.map((document) => (
                <li key={`${document.fileName}-${document.sha256}`} className="check-document">
                  <span className="check-document__name">{document.fileName}</span>
                  <span className="check-document__size">
                    {t.size}: {formatFileSize(document.size)}
                  </span>
                  <span className="check-document__hash">
                    {t.sha256}: <code className="check-hash">{document.sha256 ?? t.dash}</code>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {valid && certificate.documents.length > 0 && (
        <CompareFile
          compare={{
            documents: certificate.documents,
            title: t.compareTitle,
            label: t.compareLabel,
            matches: t.matches,
            matchesNone: t.matchesNone,
          }}
        />
      )}

      {valid && certificate.approvedSet && certificate.approvedSet.files.length > 0 && (
        <>
          <section className="card check-block" aria-labelledby="check-approved-set">
            <h2 className="detail-block__title" id="check-approved-set">
              {t.approvedSet}
            </h2>
            <p className="text-secondary">{t.approvedSetHint}</p>
            {(certificate.replacedBy || certificate.replaces) && <p>{t.approvedSetStays}</p>}
            <ul className="check-documents">
              {certificate.approvedSet.files.map((file) => (
                <li key={file.sha256} className="check-document">
                  <span className="check-document__name">{file.fileName}</span>
                  <span className="check-document__size">
                    {t.size}: {formatFileSize(file.size)}, {t.pages(file.pages)}
                  </span>
                  <span className="check-document__hash">
                    {t.sha256}: <code className="check-hash">{file.sha256}</code>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <CompareFile
            compare={{
              documents: certificate.approvedSet.files,
              title: t.checkSheet,
              label: t.sheetLabel,
              matches: t.inSet,
              matchesNone: t.notInSet,
            }}
          />
        </>
      )}
    </div>
  );
}
