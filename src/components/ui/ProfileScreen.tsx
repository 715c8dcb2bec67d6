import type { ReactNode } from 'react';
import type { SaveOutcome } from '#stores/form-save.ts';
import LoadFailed from './LoadFailed.tsx';
import SaveForm from './SaveForm.tsx';
import Spinner from './Spinner.tsx';

/** The words of a profile screen. */
export interface ProfileScreenTexts {
  pageTitle: string;
  lead: string;
  loading: string;
  loadFailed: string;
  retry: string;
  save: string;
  saving: string;
}

/** A profile screen: its title and lead, 'Загрузка…', the load's failure with 'Повторить', then the SaveForm. */
export default function ProfileScreen({
  texts,
  load,
  reload,
  save,
  busy,
  children,
}: {
  texts: ProfileScreenTexts;
  load: 'loading' | 'error' | 'ready';
  reload: () => void;
  save: () => Promise<SaveOutcome>;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <h1>{texts.pageTitle}</h1>
      <p className="lead">{texts.lead}</p>
      {load === 'loading' && <Spinner label={texts.loading} />}
      {load === 'error' && <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={reload} />}
      {load === 'ready' && (
        <SaveForm save={save} busy={busy} submitLabel={texts.save} savingLabel={texts.saving}>
          {children}
        </SaveForm>
      )}
    </>
  );
}
