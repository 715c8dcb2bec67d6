import { type FormEvent, useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import FormField from '#components/ui/FormField.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { PersonalDataKind } from '#domain/contract.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import { showToast } from '#stores/toasts.ts';
import { PERSONAL_DATA_KINDS, templateEditors } from './stores/templates.ts';
import { templatesTexts as t } from './texts.ts';

function TemplateEditor({ kind }: { kind: PersonalDataKind }) {
  const editor = templateEditors[kind];
  const current = useStore(editor.$current);
  const status = useStore(editor.form.$status);
  const title = t.kinds[kind];
  const headingId = `personal-data-${kind}-title`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await editor.publish()) {
      const published = editor.$current.get();
      if (typeof published !== 'string') showToast('success', t.publishedToast(title, published.version));
    }
  };
  return (
    <section className="card personal-data-template" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {current === 'loading' && <Spinner label={t.loading} />}
      {current === 'error' && (
        <LoadFailed text={t.loadFailed} retryLabel="Повторить" onRetry={() => void editor.load()} />
      )}
      {typeof current !== 'string' && (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className="text-secondary">
            {t.version(current.version)},{' '}
            {current.publishedAt
              ? t.published(formatCommitteeMoment(current.publishedAt), current.publishedBy)
              : t.firstEdition}
          </p>
          <FormField
            form={editor.form}
            name="template"
            label={t.templateLabel}
            hint={t.templateHint}
            rows={14}
            error={status.error ?? undefined}
          />
          <p className="personal-data-template__placeholders-title">{t.placeholders}</p>
          <dl className="personal-data-template__placeholders">
            {current.placeholders.map((placeholder) => (
              <div key={placeholder.name}>
                <dt>
                  <code>{placeholder.name}</code>
                </dt>
                <dd>{placeholder.value}</dd>
              </div>
            ))}
          </dl>
          <Button type="submit" busy={status.busy} aria-label={t.publishOf(title)}>
            {t.publish}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The administration's section 'Персональные данные': the consent and the policy, each published as a new version. */
export default function PersonalDataTemplates() {
  useEffect(() => {
    for (const kind of PERSONAL_DATA_KINDS) void templateEditors[kind].load();
  }, []);
  return (
    <section aria-labelledby="personal-data-title">
      <h2 id="personal-data-title">{t.title}</h2>
      <p className="lead">{t.intro}</p>
      {PERSONAL_DATA_KINDS.map((kind) => (
        <TemplateEditor key={kind} kind={kind} />
      ))}
    </section>
  );
}
