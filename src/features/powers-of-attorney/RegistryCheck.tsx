import { useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import type { SignaturePowerOfAttorney } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $checkTarget,
  $powerStates,
  checkForm,
  closeCheck,
  loadPowerState,
  openCheck,
  sendCheck,
} from './stores/registry-check.ts';
import { powersTexts as texts } from './texts.ts';

/**
 * Beside a representative's signature on the examiner's detail: whether the МЧД was checked in the ФНС's registry
 * ('Отзыв в реестре ФНС не проверен', or what was recorded), and 'Записать проверку в реестре ФНС'.
 */
export function RegistryCheck({ power }: { power: SignaturePowerOfAttorney }) {
  const states = useStore($powerStates);
  useEffect(() => void loadPowerState(power.id), [power.id]);
  const state = states[power.id];
  const line =
    state === undefined || state === 'error'
      ? texts.registryUnchecked
      : state.status === 'revoked' && !state.registryCheck
        ? texts.revokedNote(state)
        : state.registryCheck
          ? texts.registryChecked(state.registryCheck)
          : texts.registryUnchecked;
  return (
    <span className="registry-check">
      <span className="registry-check__state">{line}</span>
      <Button variant="link" aria-label={texts.checkOf(power.number)} onClick={() => openCheck(power)}>
        {texts.check}
      </Button>
    </span>
  );
}

/**
 * The one dialog of the page that records a registry check; `onRecorded` reloads what the check changed (the
 * statement's history).
 */
export function RegistryCheckDialog({ onRecorded }: { onRecorded: () => Promise<unknown> | undefined }) {
  const target = useStore($checkTarget);
  const status = useStore(checkForm.$status);
  const values = useStore(checkForm.$values);
  return (
    <FormDialog
      open={target !== null}
      close={closeCheck}
      title={texts.checkTitle}
      description={target ? texts.checkIntro(target.number) : undefined}
      formId="registry-check-form"
      submitLabel={texts.checkSubmit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={async () => {
        const recorded = await sendCheck();
        if (recorded) await onRecorded();
        return recorded;
      }}
    >
      <p>
        <a href={texts.registryAddress} target="_blank" rel="noreferrer">
          {texts.registryAddress}
        </a>
      </p>
      <label className="choice">
        <input
          type="checkbox"
          checked={values.revoked === '1'}
          onChange={(event) => checkForm.setValue('revoked', event.currentTarget.checked ? '1' : '')}
        />{' '}
        {texts.checkRevoked}
      </label>
      <FormField form={checkForm} name="note" label={texts.checkNote} rows={2} optional />
    </FormDialog>
  );
}
