import PowersText from '#components/statement/PowersText.tsx';
import Button from '#components/ui/Button.tsx';
import FileUpload from '#components/ui/FileUpload.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { PowerOfAttorney } from '#domain/contract.ts';
import { POWER_OF_ATTORNEY_ACCEPT } from '#domain/files.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $addError,
  $addOpen,
  $addStatus,
  $mayRevoke,
  $powers,
  $revokeTarget,
  closeAdd,
  closeRevoke,
  loadPowers,
  openAdd,
  openRevoke,
  powerUploads,
  revokeForm,
  sendAdd,
  sendRevoke,
} from './stores/powers.ts';
import { powersTexts as texts } from './texts.ts';

function PowerCard({ power, mayRevoke }: { power: PowerOfAttorney; mayRevoke: boolean }) {
  const person = power.representative;
  return (
    <li className={`power-card power-card--${power.status}`}>
      <div className="power-card__head">
        <h3 className="power-card__title">{texts.number(power)}</h3>
        <span className={`tag tag--power-${power.status}`}>{texts.status[power.status]}</span>
      </div>
      <dl className="power-card__facts">
        <dt>{texts.representative}</dt>
        <dd>{[person.fio, person.title].filter(Boolean).join(', ')}</dd>
        <dt>{texts.issuedBy}</dt>
        <dd>{[power.issuedBy.fio, power.issuedBy.title].filter(Boolean).join(', ')}</dd>
        <dt>{texts.term}</dt>
        <dd>{texts.termValue(power)}</dd>
        <dt>{texts.powers}</dt>
        <dd>
          <PowersText powers={power.powers} />
        </dd>
      </dl>
      {power.status === 'revoked' && <p className="power-card__note">{texts.revokedNote(power)}</p>}
      <p className="power-card__note text-secondary">
        {power.registryCheck ? texts.registryChecked(power.registryCheck) : texts.registryUnchecked}
      </p>
      {mayRevoke && power.status !== 'revoked' && (
        <Button variant="secondary" aria-label={texts.revokeOf(power.number)} onClick={() => openRevoke(power)}>
          {texts.revoke}
        </Button>
      )}
    </li>
  );
}

/**
 * 'Доверенности' of 'Моя компания': the company's МЧД with their representative, term, powers and state; any user
 * of the company adds one (an employee only their own), the owner revokes.
 */
export default function PowersOfAttorney() {
  const list = useStore($powers);
  const mayRevoke = useStore($mayRevoke);
  const addOpen = useStore($addOpen);
  const addStatus = useStore($addStatus);
  const addError = useStore($addError);
  const uploading = useStore(powerUploads.$uploading);
  const revoking = useStore($revokeTarget);
  const revokeStatus = useStore(revokeForm.$status);
  return (
    <section className="powers" aria-labelledby="powers-title">
      <div className="page-header">
        <h2 id="powers-title">{texts.title}</h2>
        <Button variant="secondary" onClick={openAdd}>
          {texts.add}
        </Button>
      </div>
      <p className="lead">{texts.lead}</p>
      {list.status === 'loading' && <Spinner label={texts.loading} />}
      {list.status === 'error' && (
        <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void loadPowers()} />
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <section className="empty-state">
          <p className="empty-state__title">{texts.empty}</p>
        </section>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul className="power-list" aria-label={texts.tableCaption}>
          {list.items.map((power) => (
            <PowerCard key={power.id} power={power} mayRevoke={mayRevoke} />
          ))}
        </ul>
      )}
      <FormDialog
        open={addOpen}
        close={closeAdd}
        title={texts.addTitle}
        description={texts.addIntro}
        formId="power-add-form"
        submitLabel={texts.addSubmit}
        cancelLabel={texts.cancel}
        busy={addStatus.busy}
        submitDisabled={uploading}
        send={sendAdd}
      >
        <FileUpload
          list={powerUploads}
          label={texts.filesLabel}
          hint={texts.filesHint}
          accept={POWER_OF_ATTORNEY_ACCEPT}
          error={addError}
        />
      </FormDialog>
      <FormDialog
        open={revoking !== null}
        close={closeRevoke}
        title={texts.revokeTitle}
        description={revoking ? `${texts.number(revoking)}. ${texts.revokeIntro}` : texts.revokeIntro}
        formId="power-revoke-form"
        submitLabel={texts.revokeSubmit}
        danger
        cancelLabel={texts.cancel}
        busy={revokeStatus.busy}
        send={sendRevoke}
      >
        <FormField form={revokeForm} name="reason" label={texts.reason} rows={3} touchOnBlur />
      </FormDialog>
    </section>
  );
}
