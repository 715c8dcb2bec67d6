import type { SubmitEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FileUpload from '#components/ui/FileUpload.tsx';
import { APPEAL_SUBJECT_LABELS } from '#domain/appeals.ts';
import { useStore } from '#stores/prerendered.ts';
import AppealText from './components/AppealText.tsx';
import RadioChoice from './components/RadioChoice.tsx';
import type { AppealFiling } from './stores/filing.ts';
import { filingTexts as texts } from './texts.ts';

/** Props of FileAppealDialog. */
export interface FileAppealDialogProps {
  filing: AppealFiling;
  /** The statement's number, for the dialog's introduction. */
  visibleId: number;
  /** Where focus goes when the button that opened the dialog is gone (nothing left to appeal). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * 'Досудебная жалоба': what it is against (only the subjects the statement allows now), the text with its count, and
 * files uploaded as a stage's are.
 */
export default function FileAppealDialog({ filing, visibleId, fallbackFocus }: FileAppealDialogProps) {
  const subjects = useStore(filing.$subjects);
  const status = useStore(filing.form.$status);
  const errors = useStore(filing.$fieldErrors);
  const filesError = useStore(filing.$filesError);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await filing.send())) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Dialog
      open={subjects !== null}
      onOpenChange={(open) => {
        if (!open) filing.close();
      }}
      title={texts.title}
      description={texts.intro(visibleId)}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form="appeal-form" busy={status.busy}>
            {texts.submit}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={filing.close}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="appeal-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <RadioChoice
          form={filing.form}
          name="subject"
          legend={texts.subjectLegend}
          options={(subjects ?? []).map((subject) => ({ value: subject, label: APPEAL_SUBJECT_LABELS[subject] }))}
          error={errors.subject}
        />
        <AppealText form={filing.form} label={texts.text} error={errors.text} />
        <FileUpload list={filing.uploads} label={texts.files} error={filesError} />
      </form>
    </Dialog>
  );
}
