// A round's files as every block of a statement's detail lists them (a round, a reply, a correction, an appeal): the
// name that downloads it, its size and mark against the previous submission, its signature, 'Просмотр' and
// 'Сравнить с предыдущей версией'.
import type { ReactNode } from 'react';
import Button from '#components/ui/Button.tsx';
import type { StageFile } from '#domain/contract.ts';
import { formatFileSize } from '#lib/file-size.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import { SignatureDownload, SignatureNote } from '../signatures/SignatureNote.tsx';
import { AbsentMark, ChangeMark } from './FileMarks.tsx';
import { viewerTexts } from './texts.ts';
import { openViewer } from './viewer.ts';
import { canCompare } from './viewer-rules.ts';

const texts = {
  noFiles: 'Файлов нет',
  download: (name: string) => `Скачать «${name}»`, // e2e
} as const;

/**
 * Files of a stage: the name (a button that downloads it under that name), the size, the mark against the previous
 * submission, its signature ('Подписан: …' or why not, and 'Скачать подпись'), 'Просмотр', and for a changed PDF
 * 'Сравнить с предыдущей версией'. `absent` lists a previous
 * submission's files this round does not present again ('не представлен').
 */
export function StageFiles({
  files,
  absent = false,
  action,
}: {
  files: StageFile[];
  absent?: boolean;
  /** What the reader may do with a file besides viewing it (the examiner's 'Подписать решение'). */
  action?: (file: StageFile) => ReactNode;
}) {
  const downloading = useStore($downloading);
  if (files.length === 0) return <p className="text-secondary">{texts.noFiles}</p>;
  return (
    <ul className="file-grid">
      {files.map((file) => (
        <li key={file.id} className="file-card">
          <Button
            variant="link"
            className="file-card__name"
            aria-label={texts.download(file.fileName)}
            busy={downloading.has(file.id)}
            onClick={() => void downloadStageFile(file)}
          >
            {file.fileName}
          </Button>
          <span className="file-card__size">
            {formatFileSize(file.size)} {absent ? <AbsentMark /> : <ChangeMark change={file.change} />}
          </span>
          <SignatureNote signature={file.signature} />
          <span className="file-card__actions">
            <Button variant="link" aria-label={viewerTexts.viewFile(file.fileName)} onClick={() => openViewer(file)}>
              {viewerTexts.view}
            </Button>
            {canCompare(file) && (
              <Button
                variant="link"
                aria-label={viewerTexts.compareFile(file.fileName)}
                onClick={() => openViewer(file, 'compare')}
              >
                {viewerTexts.compare}
              </Button>
            )}
            <SignatureDownload file={file.signatureFile} />
            {action?.(file)}
          </span>
        </li>
      ))}
    </ul>
  );
}
