import FileUpload from '#components/ui/FileUpload.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
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
  return (
    <FormDialog
      open={subjects !== null}
      close={filing.close}
      title={texts.title}
      description={texts.intro(visibleId)}
      formId="appeal-form"
      submitLabel={texts.submit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={filing.send}
      fallbackFocus={fallbackFocus}
    >
      <RadioChoice
        form={filing.form}
        name="subject"
        legend={texts.subjectLegend}
        options={(subjects ?? []).map((subject) => ({ value: subject, label: APPEAL_SUBJECT_LABELS[subject] }))}
        error={errors.subject}
      />
      <AppealText form={filing.form} label={texts.text} error={errors.text} />
      <FileUpload list={filing.uploads} label={texts.files} error={filesError} />
    </FormDialog>
  );
}
