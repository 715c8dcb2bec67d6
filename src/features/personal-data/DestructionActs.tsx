import { useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import { $destructionActs, downloadAct, loadDestructionActs } from './stores/destruction-acts.ts';
import { destructionTexts as t } from './texts.ts';

function Acts() {
  const acts = useStore($destructionActs);
  if (acts === 'loading') return <Spinner label={t.loading} />;
  if (acts === 'error') {
    return <LoadFailed text={t.loadFailed} retryLabel={t.retry} onRetry={() => void loadDestructionActs()} />;
  }
  if (acts.length === 0) return <p className="text-secondary">{t.empty}</p>;
  return (
    <table className="card-table admin-table">
      <caption className="visually-hidden">{t.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.act}</th>
          <th scope="col">{t.madeAt}</th>
          <th scope="col">{t.what}</th>
          <th scope="col">{t.keepUntil}</th>
          <th scope="col">
            <span className="visually-hidden">PDF</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {acts.map((act) => (
          <tr key={act.id}>
            <th scope="row" className="admin-table__name" data-label={t.act}>
              {t.number(act.id)}
            </th>
            <td data-label={t.madeAt}>{formatCommitteeMoment(act.madeAt)}</td>
            <td data-label={t.what}>{t.summary(act)}</td>
            <td data-label={t.keepUntil}>{formatCommitteeMoment(act.keepUntil)}</td>
            <td>
              <Button variant="secondary" onClick={() => void downloadAct(act)}>
                {t.download(act.id)}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The administration's section 'Акты об уничтожении персональных данных'. */
export default function DestructionActs() {
  useEffect(() => {
    void loadDestructionActs();
  }, []);
  return (
    <section aria-labelledby="destruction-acts-title">
      <h2 id="destruction-acts-title">{t.title}</h2>
      <p className="lead">{t.intro}</p>
      <Acts />
    </section>
  );
}
