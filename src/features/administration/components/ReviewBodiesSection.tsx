import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import type { ReviewBody } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import { useStore } from '#stores/prerendered.ts';
import { reviewBodyTexts as texts } from '../review-bodies-texts.ts';
import { MEMBER_FIELDS, reviewBodiesList, reviewBodyMembers } from '../stores/review-bodies.ts';
import { adminTexts } from '../texts.ts';
import AdminList from './AdminList.tsx';

const MEMBERS_HEADING_ID = 'review-body-members-title';

/** 'Согласующие органы': the catalogue, then each body's members with 'Добавить участника' and 'Исключить'. */
export default function ReviewBodiesSection() {
  const state = useStore(reviewBodiesList.$list);
  const refusal = useStore(reviewBodyMembers.$detachRefusal);
  const detaching = useStore(reviewBodyMembers.$detaching);
  return (
    <>
      <AdminList list={reviewBodiesList} />
      {state.status === 'ready' && state.items.length > 0 && (
        <section className="review-body-members" aria-labelledby={MEMBERS_HEADING_ID}>
          <h2 id={MEMBERS_HEADING_ID} tabIndex={-1}>
            {texts.membersTitle}
          </h2>
          {refusal && (
            <div className="alert alert--error" role="alert">
              <p>{refusal}</p>
            </div>
          )}
          {state.items.map((body) => (
            <BodyMembers key={body.id} body={body} />
          ))}
        </section>
      )}
      <MemberDialog />
      <ConfirmDialog
        open={detaching !== null}
        onOpenChange={(open) => {
          if (!open) reviewBodyMembers.dismissDetach();
        }}
        title={adminTexts.confirmTitle}
        question={
          detaching
            ? texts.detachQuestion(detaching.member.fio || detaching.member.email || '', detaching.body.name)
            : ''
        }
        confirmText={texts.detach}
        cancelText={adminTexts.cancel}
        danger
        onConfirm={reviewBodyMembers.detach}
        fallbackFocus={() => document.getElementById(MEMBERS_HEADING_ID)}
      />
    </>
  );
}

/** One body's members: a table (cards below 768 px) with 'Исключить', and 'Добавить участника'. */
function BodyMembers({ body }: { body: ReviewBody }) {
  const headingId = `review-body-${body.id}-members`;
  return (
    <div className="card review-body-members__body">
      <div className="review-body-members__head">
        <h3 id={headingId}>{body.name}</h3>
        <Button
          variant="secondary"
          aria-label={texts.addMemberOf(body.name)}
          onClick={() => reviewBodyMembers.startAdd(body)}
        >
          {texts.addMember}
        </Button>
      </div>
      {body.members.length === 0 ? (
        <p className="text-secondary">{texts.noMembers}</p>
      ) : (
        <table className="card-table admin-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{texts.fio}</th>
              <th scope="col">{texts.email}</th>
              <th scope="col">{texts.position}</th>
              <th scope="col">
                <span className="visually-hidden">{adminTexts.actionsColumn}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {body.members.map((member) => {
              const name = member.fio || member.email || String(member.id);
              return (
                <tr key={member.id}>
                  <th scope="row" className="admin-table__name" data-label={texts.fio}>
                    {orDash(member.fio)}
                    {!member.active && <span className="tag">{texts.deactivated}</span>}
                  </th>
                  <td data-label={texts.email}>{orDash(member.email)}</td>
                  <td data-label={texts.position}>{orDash(member.position)}</td>
                  <td className="admin-table__actions">
                    <div className="admin-table__buttons">
                      <Button
                        variant="secondary"
                        className="button--danger-outline"
                        aria-label={texts.detachOf(name)}
                        onClick={() => reviewBodyMembers.askDetach(body, member)}
                      >
                        {texts.detach}
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** 'Добавить участника': e-mail, ФИО (for a new user), должность; the server's refusal beside its field. */
function MemberDialog() {
  const body = useStore(reviewBodyMembers.$addingTo);
  const errors = useStore(reviewBodyMembers.$fieldErrors);
  const alert = useStore(reviewBodyMembers.$alert);
  const status = useStore(reviewBodyMembers.form.$status);
  return (
    <FormDialog
      open={body !== null}
      close={reviewBodyMembers.closeAdd}
      title={body ? texts.addMemberTitle(body.name) : texts.addMember}
      description={texts.addMemberNote}
      formId="review-body-member-form"
      submitLabel={adminTexts.save}
      cancelLabel={adminTexts.cancel}
      busy={status.busy}
      send={reviewBodyMembers.add}
      fallbackFocus={() => document.getElementById(MEMBERS_HEADING_ID)}
    >
      {alert && (
        <div className="alert alert--error" role="alert">
          <p>{alert}</p>
        </div>
      )}
      {MEMBER_FIELDS.map((field) => (
        <FormField
          key={field.name}
          form={reviewBodyMembers.form}
          name={field.name}
          label={field.label}
          optional={field.optional}
          hint={field.hint}
          error={errors[field.name] ?? null}
          type={field.kind === 'email' ? 'email' : 'text'}
          inputMode={field.kind === 'email' ? 'email' : undefined}
          spellCheck={field.kind === 'email' ? false : undefined}
          autoComplete="off"
          touchOnBlur
        />
      ))}
    </FormDialog>
  );
}
