import FormField from '#components/ui/FormField.tsx';
import type { Form } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';
import { filingTexts } from '../texts.ts';

/** Props of AppealText. */
export interface AppealTextProps {
  form: Form<{ [field: string]: string; text: string }>;
  label: string;
  /** A line before the count ('Войдёт в письмо «Ответ на жалобу»'). */
  hint?: string;
  error: string | null | undefined;
}

/** The text of an appeal or of its answer: required, up to 10,000 characters, with the count under the label. */
export default function AppealText({ form, label, hint, error }: AppealTextProps) {
  const length = useStore(form.$values).text.length;
  const count = filingTexts.count(length);
  return (
    <FormField
      form={form}
      name="text"
      label={label}
      hint={hint ? `${hint}. ${count}` : count}
      error={error ?? null}
      rows={6}
      touchOnBlur
    />
  );
}
