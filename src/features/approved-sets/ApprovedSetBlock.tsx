// 'Согласованный комплект' under the decision on both details: the stamped copies (downloaded and viewed as any
// document), the inventory with its signature, what could not be stamped and why, and 'Скачать комплект' as one ZIP.
import { type ReactNode, useState } from 'react';
import { DetailBlock } from '#components/statement/DetailBlock.tsx';
import Button from '#components/ui/Button.tsx';
import type { ApprovedSet, StageFile } from '#domain/contract.ts';
import { saveBlob } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { showToast } from '#stores/toasts.ts';
import { StageFiles } from '../documents/StageFiles.tsx';
import { AwaitingSignatureMark } from '../signatures/SignatureNote.tsx';
import { approvedSetTexts as texts } from './texts.ts';

/** A file of the set as the documents' list shows it (its id kept apart from the rounds' files). */
function asStageFile(file: { url: string; fileName: string; size: number; sha256: string }, id: number): StageFile {
  return { ...file, id, change: null, previousUrl: null, signature: null, signatureFile: null };
}

/**
 * The set of the statement's approval, or nothing before it is made. `note`: what the side adds under the heading
 * (the examiner's word on the documents not stamped); `inventoryAction`: what the reader may do with the inventory
 * (the examiner's 'Подписать решение').
 */
export function ApprovedSetBlock({
  statementId,
  visibleId,
  set,
  note,
  inventoryAction,
}: {
  statementId: number;
  visibleId: number;
  set: ApprovedSet | null;
  note?: ReactNode;
  inventoryAction?: (file: StageFile) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  if (!set) return null;
  // Negative ids: the set's copies never share a busy mark or a viewer with the round's originals.
  const files = set.files.map((file, index) => asStageFile(file, -(index + 1)));
  const pagesOf = new Map(set.files.map((file, index) => [-(index + 1), file.pages]));
  const inventory: StageFile | null = set.inventory && { ...set.inventory, change: null, previousUrl: null };
  const downloadAll = async () => {
    setBusy(true);
    try {
      const { data, response } = await api.GET('/api/approved-sets/{id}/zip', {
        params: { path: { id: statementId } },
        parseAs: 'blob',
      });
      if (response.ok && data) saveBlob(data, `Комплект_${visibleId}.zip`);
      else showToast('error', texts.downloadFailed);
    } catch {
      showToast('error', texts.downloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="approved-set" data-testid="approved-set">
      <DetailBlock title={texts.title}>
        <p className="text-secondary">{texts.intro}</p>
        {note}
        <StageFiles
          files={files}
          action={(file) => <span className="text-secondary">{texts.pages(pagesOf.get(file.id) ?? 1)}</span>}
        />
        {inventory && (
          <div className="approved-set__inventory">
            <p className="correction__label">
              {texts.inventory} <AwaitingSignatureMark awaiting={set.awaitingSignature} />
            </p>
            <StageFiles files={[inventory]} {...(inventoryAction ? { action: inventoryAction } : {})} />
          </div>
        )}
        {set.awaitingSignature && (
          <p className="text-secondary" data-testid="approved-set-awaiting">
            {set.approverGone ? texts.awaitingHeadSignature : texts.awaitingSignature}
          </p>
        )}
        {set.notStamped.length > 0 && (
          <div className="approved-set__not-stamped">
            <p className="correction__label">{texts.notStamped}</p>
            <ul>
              {set.notStamped.map((file) => (
                <li key={file.fileName}>
                  {file.fileName}: {file.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button busy={busy} onClick={() => void downloadAll()}>
          {texts.downloadAll}
        </Button>
      </DetailBlock>
    </div>
  );
}
