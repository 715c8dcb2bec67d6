import { type ClipboardEvent, type KeyboardEvent, type SubmitEvent, useEffect, useRef, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import Field from '#components/ui/Field.tsx';
import { useFormField } from '#components/ui/form.ts';
import { routes } from '#domain/routes.ts';
import { readQueryParam } from '#lib/browser.ts';
import { useStore } from '#stores/prerendered.ts';
import { CODE_LENGTH, digitsOf, isCodeComplete } from '../lib/login-code.ts';
import {
  $codeCells,
  $login,
  backToEmail,
  EMAIL_PARAM,
  emailForm,
  enterCode,
  eraseCode,
  openLogin,
  preloadLoginActions,
  resendCode,
  startLogin,
  verifyCode,
} from '../stores/login.ts';
import { loginTexts } from '../texts.ts';

const ERROR_ID = 'login-error';

function focusCell(cells: Array<HTMLInputElement | null>, index: number) {
  const cell = cells[index];
  cell?.focus();
  cell?.select();
}

/**
 * The two steps of the passwordless login: e-mail, then the six-digit code from the letter. Loaded by
 * LoginForm while it checks the session, and shown once nobody is signed in.
 */
export default function LoginSteps() {
  // Opens the form at the e-mail from `?email=` once per mount, before the stores below are read: a reload on the
  // code step must not show the e-mail step first.
  useState(() => openLogin(readQueryParam(EMAIL_PARAM)));
  useEffect(() => preloadLoginActions(), []);
  const login = useStore($login);
  const cells = useStore($codeCells);
  const email = useFormField(emailForm, 'email');
  const emailRef = useRef<HTMLInputElement>(null);
  const cellRefs = useRef<Array<HTMLInputElement | null>>([]);
  const shownStep = useRef<string | null>(null);

  // Moves focus to the new step's first field when the step changes (not on the first display).
  useEffect(() => {
    if (shownStep.current !== null && shownStep.current !== login.step) {
      if (login.step === 'code') focusCell(cellRefs.current, 0);
      else emailRef.current?.focus();
    }
    shownStep.current = login.step;
  }, [login.step]);

  const error = login.error && (
    <div id={ERROR_ID} className="alert alert--error" role="alert">
      {login.error}
    </div>
  );
  const passwordLink = (
    <p className="auth-card__aside">
      <a href={routes.loginPassword}>{loginTexts.passwordLink}</a>
    </p>
  );

  if (login.step === 'email') {
    const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      await startLogin(email.value);
      if (emailForm.$shownErrors.get().email) emailRef.current?.focus();
    };
    return (
      <>
        <h1>{loginTexts.emailHeading}</h1>
        <p className="auth-card__lead">{loginTexts.emailIntro}</p>
        {error}
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field id="login-email" label={loginTexts.emailLabel} hint={loginTexts.emailHint} error={email.error}>
            {(control) => (
              <input
                {...control}
                ref={emailRef}
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={email.value}
                onChange={email.onChange}
                onBlur={email.onBlur}
                aria-describedby={
                  login.error ? [control['aria-describedby'], ERROR_ID].join(' ') : control['aria-describedby']
                }
              />
            )}
          </Field>
          <Button type="submit" busy={login.busy}>
            {loginTexts.getCode}
          </Button>
        </form>
        {passwordLink}
      </>
    );
  }

  const complete = isCodeComplete(cells);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || login.busy) return;
    const outcome = await verifyCode(cells.join(''));
    if (outcome === 'retry') focusCell(cellRefs.current, 0);
  };

  const onCellChange = (index: number, value: string) => {
    const current = cells[index] ?? '';
    const digits = digitsOf(value);
    if (digits === '') {
      if (current) focusCell(cellRefs.current, eraseCode(index));
      return;
    }
    // Typing over a filled cell leaves the old digit beside the new one: keep only the new one.
    const typed = current && digits.length === 2 && digits.includes(current) ? digits.replace(current, '') : digits;
    focusCell(cellRefs.current, enterCode(index, typed));
  };

  const onCellKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      focusCell(cellRefs.current, eraseCode(index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusCell(cellRefs.current, index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusCell(cellRefs.current, index + 1);
    }
  };

  const onCellPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    focusCell(cellRefs.current, enterCode(index, event.clipboardData.getData('text')));
  };

  const onResend = async () => {
    await resendCode();
    focusCell(cellRefs.current, 0);
  };

  return (
    <>
      <h1>{loginTexts.codeHeading}</h1>
      <p className="auth-card__lead">
        {loginTexts.codeSentTo} <span className="auth-card__email">{login.email}</span>. {loginTexts.codeValidity}
      </p>
      {error}
      {login.notice && (
        <div className="alert alert--success" role="status">
          {login.notice}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="code-fieldset">
          <legend>{loginTexts.codeLegend}</legend>
          <div className="code-cells">
            {cells.map((cell, index) => (
              <input
                // biome-ignore lint/suspicious/noArrayIndexKey: the six cells are fixed positions
                key={index}
                ref={(element) => {
                  cellRefs.current[index] = element;
                }}
                className="code-cell"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={index === 0 ? 'one-time-code' : 'off'}
                aria-label={loginTexts.digitLabel(index + 1)}
                aria-invalid={login.error ? true : undefined}
                aria-describedby={login.error ? ERROR_ID : undefined}
                value={cell}
                onChange={(event) => onCellChange(index, event.target.value)}
                onKeyDown={(event) => onCellKeyDown(index, event)}
                onPaste={(event) => onCellPaste(index, event)}
                onFocus={(event) => event.target.select()}
              />
            ))}
          </div>
        </fieldset>
        <div className="auth-actions">
          <Button type="submit" busy={login.busy} disabled={!complete}>
            {loginTexts.confirm}
          </Button>
          <div className="auth-actions__links">
            <Button variant="link" onClick={() => backToEmail()}>
              {loginTexts.changeEmail}
            </Button>
            <Button variant="link" onClick={() => void onResend()} disabled={login.busy}>
              {loginTexts.resend}
            </Button>
          </div>
        </div>
      </form>
      {passwordLink}
    </>
  );
}
