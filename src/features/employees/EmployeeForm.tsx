import { useState } from 'react';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import SaveForm from '#components/ui/SaveForm.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import OwnerOnly from './components/OwnerOnly.tsx';
import {
  $canRemoveEmployee,
  $employeeFieldErrors,
  $employeeFormAlert,
  $employeeLoad,
  $employeeTarget,
  $removeState,
  employeeForm,
  loadEmployee,
  removeEmployee,
  saveEmployee,
} from './stores/employee-form.ts';
import { employeesTexts } from './texts.ts';

/** The fields, the save and (editing someone else) the removal of one employee. */
function EmployeeFields() {
  const target = useStore($employeeTarget);
  const load = useStore($employeeLoad);
  const status = useStore(employeeForm.$status);
  const errors = useStore($employeeFieldErrors);
  const alert = useStore($employeeFormAlert);
  const canRemove = useStore($canRemoveEmployee);
  const removing = useStore($removeState);
  const [confirming, setConfirming] = useState(false);
  const creating = target.mode === 'create';

  if (load.status === 'loading') return <Spinner label={employeesTexts.loading} />;
  if (load.status === 'error') {
    return (
      <div className="alert alert--error" role="alert">
        <p className="alert__title">{employeesTexts.employeeLoadFailed}</p>
        <div className="button-row">
          <Button variant="secondary" onClick={() => void loadEmployee()}>
            {employeesTexts.retry}
          </Button>
          <a href={routes.employees}>{employeesTexts.back}</a>
        </div>
      </div>
    );
  }

  return (
    <>
      <SaveForm
        save={saveEmployee}
        busy={status.busy}
        submitLabel={creating ? employeesTexts.create : employeesTexts.save}
        savingLabel={employeesTexts.saving}
        rowClassName="button-row form-actions"
        actions={
          canRemove && (
            <Button
              variant="secondary"
              className="button--danger-outline form-actions__end"
              busy={removing.busy}
              onClick={() => setConfirming(true)}
            >
              {employeesTexts.remove}
            </Button>
          )
        }
      >
        {alert && (
          <div className="alert alert--error" role="alert">
            <p>{alert}</p>
          </div>
        )}
        {load.employee && !load.employee.isVerify && <p className="alert">{employeesTexts.notVerifiedNote}</p>}
        <FormField
          form={employeeForm}
          name="fio"
          label={employeesTexts.fio}
          error={errors.fio ?? null}
          autoComplete="off"
          required
        />
        <FormField
          form={employeeForm}
          name="email"
          label={employeesTexts.emailField}
          optional
          hint={creating ? employeesTexts.emailHint : employeesTexts.emailChangeHint}
          error={errors.email ?? null}
          size="medium"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="form-grid">
          <FormField
            form={employeeForm}
            name="phone"
            label={employeesTexts.phone}
            optional
            error={errors.phone ?? null}
            type="tel"
            autoComplete="off"
            placeholder={employeesTexts.phonePlaceholder}
          />
          <FormField
            form={employeeForm}
            name="position"
            label={employeesTexts.positionField}
            optional
            error={errors.position ?? null}
            autoComplete="off"
          />
        </div>
      </SaveForm>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={employeesTexts.removeQuestion}
        onConfirm={removeEmployee}
        danger
      />
    </>
  );
}

/** Props of EmployeeForm. */
export interface EmployeeFormProps {
  /** Which page holds the form (the edit page reads the employee's id from its address). */
  mode: 'create' | 'edit';
}

/** /employees/create and /employees/{id}/edit: fio, e-mail, phone, position; the owner's only. */
export default function EmployeeForm({ mode }: EmployeeFormProps) {
  return (
    <>
      <a className="back-link" href={routes.employees}>
        <span aria-hidden="true">←</span> {employeesTexts.back}
      </a>
      <h1>{mode === 'create' ? employeesTexts.createTitle : employeesTexts.editTitle}</h1>
      <OwnerOnly>
        <EmployeeFields />
      </OwnerOnly>
    </>
  );
}
