import { useId } from 'react';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import DropdownMenu from '#components/ui/DropdownMenu.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { FormValues } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';
import type { AdminList as AdminListStores } from '../stores/admin-list.ts';
import { adminTexts } from '../texts.ts';
import ItemDialog from './ItemDialog.tsx';

/** Props of AdminList: one list's stores (createAdminList) and the level of its heading. */
export interface AdminListProps<T extends { id: number }, V extends FormValues, B extends object> {
  list: AdminListStores<T, V, B>;
  /** h2 for a section of its own, h3 inside 'Справочники'. */
  level?: 2 | 3;
}

/** A table of items: one row each, the columns' values (cards below 768 px), 'Изменить' and the menu of the row's actions. */
function ItemTable<T extends { id: number }, V extends FormValues, B extends object>({
  list,
  items,
  caption,
}: {
  list: AdminListStores<T, V, B>;
  items: readonly T[];
  caption: string;
}) {
  const { spec } = list;
  const acting = useStore(list.$actionState);
  const [first, ...rest] = spec.columns;
  return (
    <table className="card-table admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {spec.columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{adminTexts.actionsColumn}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const name = spec.name(item);
          const tag = first?.tag?.(item);
          const shown = spec.actions.filter((action) => action.shown(item));
          return (
            <tr key={item.id}>
              {first && (
                <th scope="row" className="admin-table__name" data-label={first.label}>
                  {first.value(item)}
                  {tag && <span className="tag tag--owner">{tag}</span>}
                </th>
              )}
              {rest.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.nowrap ? 'admin-table__nowrap' : undefined}
                >
                  {column.value(item)}
                </td>
              ))}
              <td className="admin-table__actions">
                <div className="admin-table__buttons">
                  <Button
                    variant="secondary"
                    aria-label={adminTexts.actionLabel(adminTexts.edit, name)}
                    onClick={() => list.startEdit(item)}
                  >
                    {adminTexts.edit}
                  </Button>
                  {shown.length > 0 && (
                    <DropdownMenu
                      label={adminTexts.more}
                      ariaLabel={adminTexts.actionLabel(adminTexts.more, name)}
                      items={shown.map((action) => ({
                        label: action.label,
                        disabled: acting.busy,
                        onSelect: () => void list.request(action, item),
                      }))}
                    />
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * One administration list (examiners, a catalogue, the remark templates): its heading with the add button, a refused
 * action's words, the items in use, the items kept apart (deactivated, retired) under their own heading, the add/edit
 * dialog and the confirmation of a row's action.
 */
export default function AdminList<T extends { id: number }, V extends FormValues, B extends object>({
  list,
  level = 2,
}: AdminListProps<T, V, B>) {
  const { spec } = list;
  const headingId = useId();
  const state = useStore(list.$list);
  const current = useStore(list.$current);
  const apart = useStore(list.$apart);
  const refusal = useStore(list.$refusal);
  const pending = useStore(list.$pending);
  const Heading = level === 2 ? 'h2' : 'h3';
  const Subheading = level === 2 ? 'h3' : 'h4';

  return (
    <section className="admin-list" aria-labelledby={headingId}>
      <div className="admin-list__head">
        <Heading id={headingId} tabIndex={-1}>
          {spec.title}
        </Heading>
        <Button variant="secondary" onClick={list.startAdd}>
          {spec.add}
        </Button>
      </div>
      {refusal && (
        <div className="alert alert--error" role="alert">
          <p>{refusal}</p>
        </div>
      )}
      {state.status === 'loading' && <Spinner label={adminTexts.loading} />}
      {state.status === 'error' && (
        <LoadFailed text={spec.loadFailed} retryLabel={adminTexts.retry} onRetry={() => void list.load()} />
      )}
      {state.status === 'ready' && current.length === 0 && <p className="text-secondary">{spec.empty}</p>}
      {current.length > 0 && <ItemTable list={list} items={current} caption={spec.title} />}
      {apart.length > 0 && (
        <>
          <Subheading className="admin-list__apart">{spec.apartTitle}</Subheading>
          <ItemTable list={list} items={apart} caption={`${spec.title}: ${spec.apartTitle.toLowerCase()}`} />
        </>
      )}
      <ItemDialog list={list} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) list.dismiss();
        }}
        title={adminTexts.confirmTitle}
        question={pending?.action.question?.(pending.item) ?? ''}
        confirmText={pending?.action.label}
        cancelText={adminTexts.cancel}
        danger={pending?.action.danger}
        onConfirm={list.confirm}
        fallbackFocus={() => document.getElementById(headingId)}
      />
    </section>
  );
}
