import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { DecisionReasonsStore } from './detail.ts';
import { conclusionTexts as texts } from './texts.ts';

/**
 * The conclusions' part of a decision's dialog: the bodies still silent and, for a head, the reason to decide before
 * them; for an approval over a 'Не согласовано' of this version, why it goes on; the server's refusal if it comes.
 */
export default function DecisionReasons({ reasons }: { reasons: DecisionReasonsStore }) {
  const needs = useStore(reasons.$needs);
  const refusal = useStore(reasons.$refusal);
  const waiting = needs.silent.length > 0;
  if (!waiting && needs.disagreeing.length === 0 && !refusal) return null;
  return (
    <div className="decision-reasons">
      {refusal && (
        <div className="alert alert--error" role="alert">
          <p>{refusal}</p>
        </div>
      )}
      {waiting && (
        <div className="alert alert--warning">
          <p>{texts.awaited(needs.silent)}</p>
          {!needs.override && <p>{texts.awaitedNote}</p>}
        </div>
      )}
      {waiting && needs.override && (
        <FormField
          form={reasons.form}
          name="overrideReason"
          label={texts.overrideReason}
          hint={texts.overrideHint}
          rows={3}
          touchOnBlur
        />
      )}
      {needs.disagreeing.length > 0 && (
        <FormField
          form={reasons.form}
          name="disagreementReason"
          label={texts.disagreementReason}
          hint={texts.disagreementHint(needs.disagreeing)}
          rows={3}
          touchOnBlur
        />
      )}
    </div>
  );
}
