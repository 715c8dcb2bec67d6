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

/** A profile screen: its title and lead, 'Загрузка…', the load's failure with 'Повторить', then the SaveForm. */
export default function ProfileScreen<V extends FormValues>({
  texts,
  $load,
  reload,
  form,
  save,
  children,
}: {
  texts: ProfileScreenTexts;
  /** Whether the record has arrived. */
  $load: ReadableAtom<'loading' | 'error' | 'ready'>;
  reload: () => Promise<void>;
  form: Form<V>;
  save: () => Promise<SaveOutcome>;
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
      {load === 'ready' && (
        <SaveForm save={save} busy={busy} submitLabel={texts.save} savingLabel={texts.saving}>
          {children}
        </SaveForm>
      )}
    </>
  );
}
