import type { ReadableAtom } from 'nanostores';
import type { ReactNode } from 'react';
import type { Form, FormValues } from '#stores/form.ts';
import type { SaveOutcome } from '#stores/form-save.ts';
import { useStore } from '#stores/prerendered.ts';
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

/**
 * A profile screen: its title and lead, 'Загрузка…', the load's failure with 'Повторить', then the SaveForm; for a
 * reader who may not save (`readOnly`) the same card without the save button, so nothing invites a refused save.
 */
export default function ProfileScreen<V extends FormValues>({
  texts,
  $load,
  reload,
  form,
  save,
  readOnly = false,
  children,
}: {
  texts: ProfileScreenTexts;
  /** Whether the record has arrived. */
  $load: ReadableAtom<'loading' | 'error' | 'ready'>;
  reload: () => Promise<void>;
  form: Form<V>;
  save: () => Promise<SaveOutcome>;
  /** Shows the card without the form's save button; the fields themselves are the caller's to make read-only. */
  readOnly?: boolean;
  children: ReactNode;
}) {
  const load = useStore($load);
  const { busy } = useStore(form.$status);
  return (
    <>
      <h1>{texts.pageTitle}</h1>
      <p className="lead">{texts.lead}</p>
      {load === 'loading' && <Spinner label={texts.loading} />}
      {load === 'error' && (
        <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void reload()} />
      )}
      {load === 'ready' && readOnly && <div className="card form-card">{children}</div>}
      {load === 'ready' && !readOnly && (
        <SaveForm save={save} busy={busy} submitLabel={texts.save} savingLabel={texts.saving}>
          {children}
        </SaveForm>
      )}
    </>
  );
}
