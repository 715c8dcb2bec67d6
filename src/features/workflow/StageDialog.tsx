import type { ReactNode } from 'react';
import FileUpload from '#components/ui/FileUpload.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { StageDraft } from './stage-draft.ts';
import { dialogTexts } from './texts.ts';

/** Props of StageDialog: the draft and the side's words; the rest is the same for a new version and a reply. */
export interface StageDialogProps<K> {
  draft: StageDraft<K>;
  /** Distinguishes the form (its id ties the dialog's submit button to it). */
  formId: string;
  title: string;
  description?: string;
  commentLabel: string;
  /** Rows of the comment box. */
  commentRows: number;
  filesLabel: string;
  /** The files first (a new version is about them), or the comment first (a reply is about it). */
  filesFirst?: boolean;
  /** The files' error after a send attempt, if any. */
  filesError?: string | null;
  submitLabel: string;
  /** Disables the send button while files upload (the reply) instead of telling after a click (the new version). */
  blockWhileUploading?: boolean;
  /** Holds the send button back while the stage lacks what it must carry (an approval's certificate). */
  sendBlocked?: boolean;
  /** Sends the stage; true when it was sent. */
  send: () => Promise<boolean>;
  /** Called after a send that went through. */
  onSent?: () => void;
  /** Where focus goes when the element that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
  /** The side's own part of the form, first (the remarks a rework sends, the answers a new version gives). */
  children?: ReactNode;
}

/** The dialog that sends a stage: the company's new version or the examiner's reply, with a comment and files. */
export default function StageDialog<K>(props: StageDialogProps<K>) {
  const { draft, formId, filesFirst = false } = props;
  const open = useStore(draft.$open);
  const status = useStore(draft.form.$status);
  const uploading = useStore(draft.uploads.$uploading);

  const files = <FileUpload list={draft.uploads} label={props.filesLabel} error={props.filesError ?? null} />;
  return (
    <FormDialog
      open={open !== null}
      close={draft.close}
      title={props.title}
      description={props.description}
      formId={formId}
      submitLabel={props.submitLabel}
      submitDisabled={props.sendBlocked || (props.blockWhileUploading ? uploading : undefined)}
      cancelLabel={dialogTexts.cancel}
      busy={status.busy}
      send={async () => {
        const sent = await props.send();
        if (sent) props.onSent?.();
        return sent;
      }}
      fallbackFocus={props.fallbackFocus}
    >
      {props.children}
      {filesFirst && files}
      <FormField form={draft.form} name="comment" label={props.commentLabel} rows={props.commentRows} touchOnBlur />
      {!filesFirst && files}
    </FormDialog>
  );
}
