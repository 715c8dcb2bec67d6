import type { ButtonHTMLAttributes } from 'react';

/** Props of Button: a native button plus the look and a busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary (default): the one main action; secondary: a quieter one; link: looks like a link, acts as a button. */
  variant?: 'primary' | 'secondary' | 'link';
  /** While an action runs: disabled, `aria-busy`, with a small spinner. */
  busy?: boolean;
  /** Full width (narrow forms, dialogs on phones). */
  block?: boolean;
}

const VARIANT_CLASS: Record<NonNullable<ButtonProps['variant']>, string> = {
  primary: 'button',
  secondary: 'button button--secondary',
  link: 'link-button',
};

/** The site's button; `type` defaults to "button" so only an explicit submit submits a form. */
export default function Button({
  variant = 'primary',
  busy = false,
  block = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [VARIANT_CLASS[variant], block && 'button--block', className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy && variant !== 'link' && <span className="spinner spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}
