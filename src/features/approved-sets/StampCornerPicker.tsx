import { lazy, Suspense } from 'react';
import type { StageFile, StampCorner } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import { STAMP_CORNERS, type StampCorners, stampableDocuments } from './stamp-corners.ts';
import { stampCornerTexts as texts } from './texts.ts';

const PagePreview = lazy(() => import('../documents/PagePreview.tsx'));

/**
 * 'Штамп «СОГЛАСОВАНО»' in the approval dialog: each PDF and image of the approved submission with the corner of its
 * pages the stamp goes to (bottom right unless chosen), and a PDF's first page with the stamp's place marked.
 */
export default function StampCornerPicker({ files, corners }: { files: readonly StageFile[]; corners: StampCorners }) {
  const chosen = useStore(corners.$corners);
  const notStamped = useStore(corners.$notStamped) ?? [];
  // A document the server foresees unstamped gets no corner: it is named below with why.
  const unstamped = new Set(notStamped.map((file) => file.fileId));
  const documents = stampableDocuments(files).filter((file) => !unstamped.has(file.id));
  if (documents.length === 0 && notStamped.length === 0) return null;
  return (
    <section className="stamp-corners" aria-labelledby="stamp-corners-title">
      <h3 id="stamp-corners-title" className="field__label">
        {texts.title}
      </h3>
      <p className="field__hint">{texts.hint}</p>
      {notStamped.length > 0 && (
        <div className="stamp-corners__unstamped" data-testid="stamp-corners-unstamped">
          <p className="correction__label">{texts.unstamped}</p>
          <ul>
            {notStamped.map((file) => (
              <li key={file.fileId}>
                {file.fileName}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="stamp-corners__list">
        {documents.map((file) => {
          const corner: StampCorner = chosen[String(file.id)] ?? 'bottom-right';
          return (
            <li key={file.id} className="stamp-corners__item">
              <fieldset className="choice-group">
                <legend className="choice-group__legend">{file.fileName}</legend>
                {STAMP_CORNERS.map((option) => (
                  <label key={option} className="choice">
                    <input
                      type="radio"
                      name={`stamp-corner-${file.id}`}
                      value={option}
                      checked={corner === option}
                      onChange={() => corners.choose(file.id, option)}
                    />
                    {texts.corners[option]}
                  </label>
                ))}
              </fieldset>
              <Suspense fallback={null}>
                <PagePreview file={file} width={140} label={texts.preview(file.fileName)}>
                  <span className={`page-preview__stamp page-preview__stamp--${corner}`} aria-hidden="true" />
                </PagePreview>
              </Suspense>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
