import { type SubmitEvent, useId } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import type { StageFile } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $signBusy,
  $signError,
  $signing,
  chooseSignature,
  closeSignDecision,
  openSignDecision,
  sendSignature,
} from './sign-decision.ts';
import { signatureTexts as texts } from './texts.ts';

/** 'Подписать решение' beside a decision document the examiner may sign (sign-decision.ts:canSignDecision). */
export function SignDecisionButton({ statementId, file }: { statementId: number; file: StageFile }) {
  return (
    <Button variant="link" aria-label={texts.signOf(file.fileName)} onClick={() => openSignDecision(statementId, file)}>
      {texts.sign}
    </Button>
  );
}

/** The dialog of 'Подписать решение': the signature file, the server's refusal beside it; `onSigned` reloads the detail. */
export function SignDecisionDialog({ onSigned }: { onSigned: () => Promise<unknown> | undefined }) {
  const signing = useStore($signing);
  const error = useStore($signError);
  const busy = useStore($signBusy);
  const inputId = useId();
  const errorId = useId();
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await sendSignature(onSigned))) form.querySelector<HTMLElement>('input')?.focus();
  };
  return (
    <Dialog
      open={signing !== null}
      onOpenChange={(next) => {
        if (!next) closeSignDecision();
      }}
      title={texts.signTitle}
      description={signing ? texts.signIntro(signing.file.fileName) : undefined}
      actions={
        <>
          <Button type="submit" form="sign-decision-form" busy={busy}>
            {texts.signSubmit}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={closeSignDecision}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="sign-decision-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {texts.signatureLabel}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".sig,.p7s"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => chooseSignature(event.currentTarget.files?.[0] ?? null)}
          />
          {error && (
            <p className="field__error" id={errorId} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
