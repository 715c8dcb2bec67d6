import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import type { StageFile } from '#domain/contract.ts';
import { viewKind } from '#domain/files.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import { SignatureNote } from '../../signatures/SignatureNote.tsx';
import { ChangeMark } from '../FileMarks.tsx';
import { viewerTexts as texts } from '../texts.ts';
import { $placingRemark, $viewerRemarks, openViewer, type ViewerRequest } from '../viewer.ts';
import { canCompare } from '../viewer-rules.ts';
import ImageView from './ImageView.tsx';
import PdfCompare from './PdfCompare.tsx';
import PdfPages from './PdfPages.tsx';
import type { PlacedPin } from './placement.ts';
import Unavailable from './Unavailable.tsx';
import { useStoredPdf } from './use-stored-pdf.ts';

/**
 * The document viewer: a PDF's pages, an image, or a changed PDF against its previous version, in a dialog named
 * by the file (with its mark against the previous submission). Escape, 'Закрыть' and the browser's back close it.
 */
export default function DocumentViewer({ request, onClose }: { request: ViewerRequest; onClose: () => void }) {
  const { file, mode } = request;
  const kind = viewKind(file.fileName);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      // A file the portal cannot show gets a small dialog that says so, not a whole window of nothing.
      variant={kind === 'none' && mode === 'view' ? 'centered' : 'viewer'}
      onEscapeKeyDown={(event) => {
        // Escape while placing a remark leaves placing; the viewer stays.
        if ($placingRemark.get()) {
          event.preventDefault();
          $placingRemark.set(false);
        }
      }}
      title={
        <>
          <span className="viewer__file-name">{file.fileName}</span> <ChangeMark change={file.change} />
          {mode === 'compare' && <span className="viewer__subtitle">{texts.compare}</span>}
          <SignatureNote signature={file.signature} withPowers={false} />
        </>
      }
    >
      {mode === 'compare' && canCompare(file) ? (
        <PdfCompare file={file} toolbarEnd={<ViewerActions file={file} compare={false} />} />
      ) : kind === 'pdf' ? (
        <PdfView file={file} page={request.page} remarkId={request.remarkId} />
      ) : kind === 'image' ? (
        <ImageWithRemarks file={file} remarkId={request.remarkId} />
      ) : (
        <Unavailable file={file} />
      )}
    </Dialog>
  );
}

/** The remarks pinned on `file` and, for the examiner who may write one, how a place on it becomes a new remark. */
function useRemarksOn(file: StageFile, remarkId: number | undefined) {
  const { remarks, place, layer } = useStore($viewerRemarks);
  return {
    pins: layer,
    remarks: remarks.filter((remark) => remark.pin?.fileId === file.id),
    selectedRemarkId: remarkId ?? null,
    place: place ? (pin: PlacedPin) => place({ ...pin, fileId: file.id }, file.fileName) : null,
  };
}

function ImageWithRemarks({ file, remarkId }: { file: StageFile; remarkId?: number }) {
  const remarks = useRemarksOn(file, remarkId);
  return <ImageView file={file} toolbarEnd={<ViewerActions file={file} compare={false} />} {...remarks} />;
}

function PdfView({ file, page, remarkId }: { file: StageFile; page?: number; remarkId?: number }) {
  const pdf = useStoredPdf(file.url);
  const remarks = useRemarksOn(file, remarkId);
  if (pdf.status === 'failed') return <Unavailable file={file} />;
  if (pdf.status === 'loading') {
    return (
      <p className="viewer__status" role="status">
        {texts.loading}
      </p>
    );
  }
  return (
    <PdfPages
      document={pdf.document}
      fileName={file.fileName}
      toolbarEnd={<ViewerActions file={file} compare={canCompare(file)} />}
      initialPage={page}
      {...remarks}
    />
  );
}

/** 'Скачать', and for a changed PDF 'Сравнить с предыдущей версией'. */
function ViewerActions({ file, compare }: { file: StageFile; compare: boolean }) {
  const downloading = useStore($downloading);
  return (
    <>
      {compare && (
        <Button variant="secondary" onClick={() => openViewer(file, 'compare')}>
          {texts.compare}
        </Button>
      )}
      <Button variant="secondary" busy={downloading.has(file.id)} onClick={() => void downloadStageFile(file)}>
        {texts.download}
      </Button>
    </>
  );
}
