import PowersText from '#components/statement/PowersText.tsx';
import Button from '#components/ui/Button.tsx';
import type { DocumentSignature, SignatureFile } from '#domain/contract.ts';
import { POWERS_NOT_ACCEPTED, signatureSummary } from '#domain/signatures.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import { signatureTexts } from './texts.ts';

/**
 * What a document's detached signature says (docs/product.md «Signatures»): 'Подписан: {ФИО}, {организация},
 * сертификат до {date}', or the failure in Russian; nothing for an unsigned document. Both statement details and
 * the viewer's title show it.
 */
export function SignatureNote({
  signature,
  withPowers = true,
}: {
  signature: DocumentSignature | null;
  /** The МЧД's powers below a representative's signature (not in a title). */
  withPowers?: boolean;
}) {
  if (!signature) return null;
  const valid = signature.status === 'valid';
  const power = valid && withPowers ? signature.powerOfAttorney : undefined;
  return (
    <>
      <span className={valid ? 'signature-note signature-note--valid' : 'signature-note signature-note--failed'}>
        {signatureSummary(signature)}
      </span>
      {withPowers && signature.timestamp && <span className="signature-powers">{signatureTexts.timestamped}</span>}
      {power && (
        <div className="signature-powers">
          {signatureTexts.powers}: <PowersText powers={power.powers} />
          {!power.powersAccepted && <span className="signature-powers__mark">{POWERS_NOT_ACCEPTED}</span>}
        </div>
      )}
    </>
  );
}

/** 'Ожидает подписи': a decision not yet signed while the committee requires its decisions signed. */
export function AwaitingSignatureMark({ awaiting }: { awaiting: boolean | undefined }) {
  if (!awaiting) return null;
  return <span className="file-mark signature-awaiting">{signatureTexts.awaiting}</span>;
}

/** 'Ожидает подписи' in a row of the committee's lists: a decision on the statement waits for its signature. */
export function AwaitingSignatureTag({ awaiting }: { awaiting: boolean | undefined }) {
  if (!awaiting) return null;
  return <span className="awaiting-tag">{signatureTexts.awaiting}</span>;
}

/** 'Скачать подпись': the document's `.sig` as it was filed, for the reader's own check. */
export function SignatureDownload({ file }: { file: SignatureFile | null }) {
  const downloading = useStore($downloading);
  if (!file) return null;
  return (
    <Button
      variant="link"
      aria-label={signatureTexts.downloadSignatureOf(file.fileName)}
      busy={downloading.has(file.id)}
      onClick={() => void downloadStageFile(file)}
    >
      {signatureTexts.downloadSignature}
    </Button>
  );
}
