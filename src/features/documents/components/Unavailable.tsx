import Button from '#components/ui/Button.tsx';
import type { StageFile } from '#domain/contract.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import { viewerTexts as texts } from '../texts.ts';

/** A file the portal cannot show (doc, docx, a broken or password-protected PDF): it says so and keeps the download. */
export default function Unavailable({ file }: { file: StageFile }) {
  const downloading = useStore($downloading);
  return (
    <div className="viewer__unavailable">
      <p role="alert">{texts.unavailable}</p>
      <Button busy={downloading.has(file.id)} onClick={() => void downloadStageFile(file)}>
        {texts.download}
      </Button>
    </div>
  );
}
