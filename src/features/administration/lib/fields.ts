// The fields of an administration dialog as data (docs/product.md «Administration»): every section's add/edit dialog
// is one component over a list of these, and one validator reads them.
import type { ReadableAtom } from 'nanostores';
import { EMAIL_INVALID_TEXT, isEmail } from '#domain/email.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { adminTexts } from '../texts.ts';

/** One choice of a select or a radio group: the form's value and what a person reads. */
export interface FieldOption {
  value: string;
  label: string;
  /** Shown but not offered (a retired work type a template still names). */
  disabled?: boolean;
}

/** One field of an add/edit dialog. */
export interface FieldSpec<V> {
  name: keyof V & string;
  label: string;
  /** text (default), e-mail, phone, several lines, a select, or radios. */
  kind?: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'choice';
  /** Marked '(необязательно)' and may stay empty. */
  optional?: boolean;
  /** The text of an empty required field (default 'Заполните поле'). */
  requiredText?: string;
  hint?: string;
  placeholder?: string;
  /** Longest value, in Unicode code points as the contract counts them. */
  maxLength?: number;
  /** Only in the add dialog: the edit dialog neither shows nor sends it (an examiner's e-mail). */
  onlyWhenAdding?: boolean;
  /** The choices of a select or radio group. */
  options?: ReadableAtom<readonly FieldOption[]>;
  /** A rule of a non-empty value beyond its length (a whole number in a range): its error, or null. */
  check?: (value: string) => string | null;
}

/** Length in Unicode code points (an emoji is one), as the contract's maxLength counts. */
function codePoints(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

/** The fields a dialog shows: all of them when adding, the editable ones when editing. */
export function fieldsFor<V>(fields: readonly FieldSpec<V>[], adding: boolean): FieldSpec<V>[] {
  return fields.filter((field) => adding || !field.onlyWhenAdding);
}

/**
 * The errors of a dialog's values by its fields: an empty required field, a value too long, an e-mail not of the
 * form x@y.z; the texts are the product's.
 */
export function validateFields<V extends Record<string, string>>(
  fields: readonly FieldSpec<V>[],
  values: V,
  adding: boolean,
): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const field of fieldsFor(fields, adding)) {
    const value = (values[field.name] ?? '').trim();
    if (value === '') {
      if (!field.optional) errors[field.name] = field.requiredText ?? adminTexts.required;
    } else if (field.maxLength !== undefined && codePoints(value) > field.maxLength) {
      errors[field.name] = adminTexts.tooLong(field.maxLength);
    } else if (field.kind === 'email' && !isEmail(value)) {
      errors[field.name] = EMAIL_INVALID_TEXT;
    } else {
      const problem = field.check?.(value);
      if (problem) errors[field.name] = problem;
    }
  }
  return errors;
}

/** The part of `body` that differs from `before` (a PATCH sends only what changed); empty when nothing did. */
export function changedFields<B extends object>(body: B, before: B): Partial<B> {
  const changed: Partial<B> = {};
  for (const key of Object.keys(body) as Array<keyof B>) {
    if (JSON.stringify(body[key]) !== JSON.stringify(before[key])) changed[key] = body[key];
  }
  return changed;
}
