import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import Button from '../../../../components/ui/Button.tsx';
import Dialog from '../../../../components/ui/Dialog.tsx';
import Field from '../../../../components/ui/Field.tsx';
import FileUpload from '../../../../components/ui/FileUpload.tsx';
import { useFormField } from '../../../../components/ui/form.ts';
import {
  $versionDialogOpen,
  $versionErrors,
  closeVersionDialog,
  submitVersion,
  versionForm,
  versionUploads,
} from '../../stores/detail.ts';
import { detailTexts } from '../../texts/detail.ts';

const FORM_ID = 'new-version-form';

/** The dialog of 'Загрузить новую версию': a comment and the files (at least one), sent for review. */
export default function NewVersionDialog({ onSent }: { onSent?: () => void }) {
  const open = useStore($versionDialogOpen);
  const errors = useStore($versionErrors);
  const status = useStore(versionForm.$status);
  const comment = useFormField(versionForm, 'comment');

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const sent = await submitVersion();
    if (sent) onSent?.();
    else form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeVersionDialog();
      }}
      title={detailTexts.versionTitle}
      description={detailTexts.versionIntro}
      actions={
        <>
          <Button type="submit" form={FORM_ID} busy={status.busy}>
            {detailTexts.versionSubmit}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={closeVersionDialog}>
            {detailTexts.cancel}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FileUpload list={versionUploads} label={detailTexts.versionFiles} error={errors.files ?? null} />
        <Field label={detailTexts.versionComment}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              name="comment"
              rows={3}
              value={comment.value}
              onChange={comment.onChange}
              onBlur={comment.onBlur}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
