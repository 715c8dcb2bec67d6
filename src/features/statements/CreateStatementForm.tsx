import { type SubmitEvent, useRef } from 'react';
import Button from '#components/ui/Button.tsx';
import Field from '#components/ui/Field.tsx';
import FileUpload from '#components/ui/FileUpload.tsx';
import FormField from '#components/ui/FormField.tsx';
import { INVALID_CONTROL, useFormField } from '#components/ui/form.ts';
import type { CatalogItem } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import type { Catalog } from '../../stores/catalog.ts';
import {
  $filesError,
  $objectTypes,
  $workTypes,
  createStatement,
  statementForm,
  statementUploads,
} from './stores/create.ts';
import { createTexts } from './texts/create.ts';

const FILES_ID = 'statement-files';

function Optional() {
  return <span className="field__optional"> {createTexts.optional}</span>;
}

/** A catalogue select: 'Загрузка…' while loading, 'Выберите из списка' as the empty choice. */
function CatalogSelect({
  name,
  label,
  catalog,
}: {
  name: 'categoryObjectId' | 'catalogWorkTypeId';
  label: string;
  catalog: Catalog<CatalogItem>;
}) {
  const field = useFormField(statementForm, name);
  return (
    <Field
      label={
        <>
          {label}
          <Optional />
        </>
      }
    >
      {(control) => (
        <select
          {...control}
          className="input select"
          name={name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          aria-busy={catalog.status === 'loading' || undefined}
        >
          <option value="">{catalog.status === 'loading' ? createTexts.catalogLoading : createTexts.choose}</option>
          {catalog.items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The create-statement form: object fields, catalogue selects, documents, comment. */
export default function CreateStatementForm() {
  const status = useStore(statementForm.$status);
  const objectTypes = useStore($objectTypes);
  const workTypes = useStore($workTypes);
  const filesError = useStore($filesError);
  const formRef = useRef<HTMLFormElement>(null);
  // A registered company not yet confirmed by the committee prepares; it does not file (docs/product.md «Registration»).
  const pending = useStore($user)?.company?.state === 'pending';

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await createStatement();
    // Keyboard and screen-reader users land on the first field that needs them.
    if (outcome === 'invalid') formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
  };

  return (
    <>
      <a className="back-link" href={routes.company()}>
        <span aria-hidden="true">←</span>
        {createTexts.back}
      </a>
      <h1>{createTexts.pageTitle}</h1>
      {pending ? (
        <div className="alert alert--warning" role="status">
          <p className="alert__title">{createTexts.pending}</p>
          <p>
            {createTexts.pendingHint} <a href={routes.companyEdit}>{createTexts.pendingLink}</a>
          </p>
        </div>
      ) : (
        <>
          <p className="lead">{createTexts.intro}</p>
          <form ref={formRef} className="card form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
            <FormField
              form={statementForm}
              name="cipher"
              label={createTexts.cipher}
              optional
              hint={createTexts.cipherHint}
              size="medium"
              autoComplete="off"
              touchOnBlur
            />
            <FormField
              form={statementForm}
              name="objectName"
              label={createTexts.objectName}
              autoComplete="off"
              required
              touchOnBlur
            />
            <FormField
              form={statementForm}
              name="address"
              label={createTexts.address}
              optional
              autoComplete="off"
              touchOnBlur
            />
            <FormField
              form={statementForm}
              name="cadastralNumber"
              label={createTexts.cadastralNumber}
              optional
              hint={createTexts.cadastralNumberHint}
              size="medium"
              autoComplete="off"
              touchOnBlur
            />
            <div className="form-grid">
              <CatalogSelect name="categoryObjectId" label={createTexts.category} catalog={objectTypes} />
              <CatalogSelect name="catalogWorkTypeId" label={createTexts.workType} catalog={workTypes} />
            </div>
            <FileUpload id={FILES_ID} list={statementUploads} label={createTexts.documents} error={filesError} />
            <FormField form={statementForm} name="comment" label={createTexts.comment} optional rows={4} touchOnBlur />
            <div className="button-row">
              <Button type="submit" busy={status.busy}>
                {createTexts.submit}
              </Button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
