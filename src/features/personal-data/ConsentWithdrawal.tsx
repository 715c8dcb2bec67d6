import { useState } from 'react';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import { withdrawOwnConsent } from './stores/withdrawal.ts';
import { withdrawalTexts as t } from './texts.ts';

/**
 * The company user's section 'Согласие на обработку персональных данных' on the page 'Моя компания': the
 * withdrawal, after a dialog that says what follows (docs/product.md «Personal data»).
 */
export default function ConsentWithdrawal() {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdraw = async () => {
    setError(await withdrawOwnConsent());
  };
  return (
    <section className="consent-withdrawal" aria-labelledby="consent-withdrawal-title">
      <h2 id="consent-withdrawal-title">{t.title}</h2>
      <p className="lead">{t.lead}</p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <Button className="button--danger" onClick={() => setConfirming(true)}>
        {t.button}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.dialogTitle}
        question={t.question}
        confirmText={t.confirm}
        cancelText={t.cancel}
        onConfirm={withdraw}
        danger
      />
    </section>
  );
}
