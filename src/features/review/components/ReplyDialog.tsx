import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import Button from '../../../components/ui/Button.tsx';
import Dialog from '../../../components/ui/Dialog.tsx';
import Field from '../../../components/ui/Field.tsx';
import FileUpload from '../../../components/ui/FileUpload.tsx';
import { useFormField } from '../../../components/ui/form.ts';
import { replyLabel } from '../../../lib/review.ts';
import { $replyStatus, closeReply, replyForm, replyUploads, sendReply } from '../stores/detail.ts';
import { reviewTexts } from '../texts.ts';

const FORM_ID = 'reply-form';

/** The reply dialog of spec §2: a comment and files, both optional; the send button is disabled while busy. */
export default function ReplyDialog({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const status = useStore($replyStatus);
  const submitState = useStore(replyForm.$status);
  const uploading = useStore(replyUploads.$uploading);
  const comment = useFormField(replyForm, 'comment');

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    await sendReply();
  };

  return (
    <Dialog
      open={status !== null}
      onOpenChange={(next) => {
        if (!next) closeReply();
      }}
      title={status ? reviewTexts.replyTitle(replyLabel(status)) : reviewTexts.reply}
      description={status ? reviewTexts.replyIntro[status] : undefined}
      // After an answer the menu that opened the dialog is gone; focus goes to the statement's heading.
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form={FORM_ID} busy={submitState.busy} disabled={uploading}>
            {reviewTexts.replySubmit}
          </Button>
          <Button variant="secondary" disabled={submitState.busy} onClick={closeReply}>
            {reviewTexts.cancel}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label={reviewTexts.replyComment}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              name="comment"
              rows={4}
              value={comment.value}
              onChange={comment.onChange}
              onBlur={comment.onBlur}
            />
          )}
        </Field>
        <FileUpload list={replyUploads} label={reviewTexts.replyFiles} />
      </form>
    </Dialog>
  );
}
