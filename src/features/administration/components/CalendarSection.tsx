import { type ReactNode, useId } from 'react';
import Button from '#components/ui/Button.tsx';
import Field, { FieldError } from '#components/ui/Field.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { CalendarImportPreview, CalendarYearInfo } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatNumericDay, workingDays } from '#domain/russian.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $calendar,
  $importAlert,
  $importErrors,
  $importPreview,
  $importYear,
  $unusualConfirmError,
  $unusualConfirmed,
  $unusualYear,
  applyImport,
  checkImport,
  chooseFile,
  closeImport,
  confirmUnusualYear,
  importForm,
  loadCalendar,
  startImport,
} from '../stores/calendar.ts';
import { adminTexts, calendarTexts as t } from '../texts.ts';

/** Where a year's calendar came from, in words. */
function sourceOf(year: CalendarYearInfo): string {
  if (year.source === 'imported' && year.importedAt) return t.importedAt(formatCommitteeMoment(year.importedAt));
  return t.sources[year.source];
}

/** A list of days ('01.01.2027, 02.01.2027') folded under its count. */
function Days({ label, days }: { label: string; days: readonly string[] }) {
  if (days.length === 0) return <>{t.none}</>;
  return (
    <details className="admin-days">
      <summary>
        {label}: {days.length}
      </summary>
      <p>{days.map(formatNumericDay).join(', ')}</p>
    </details>
  );
}

/** The years: official or 'предварительный', their working and non-working days, where from; a file for each. */
function YearsTable({ years }: { years: readonly CalendarYearInfo[] }) {
  return (
    <table className="card-table admin-table">
      <caption className="visually-hidden">{t.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.year}</th>
          <th scope="col">{t.workingDays}</th>
          <th scope="col">{t.nonWorkingDays}</th>
          <th scope="col">{t.holidays}</th>
          <th scope="col">{t.source}</th>
          <th scope="col">
            <span className="visually-hidden">{adminTexts.actionsColumn}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {years.map((year) => (
          <tr key={year.year} data-year={year.year}>
            <th scope="row" className="admin-table__name" data-label={t.year}>
              {year.year}
              <span className={year.preliminary ? 'tag tag--pending' : 'tag tag--owner'}>
                {year.preliminary ? t.preliminary : t.official}
              </span>
            </th>
            <td data-label={t.workingDays}>{year.workingDays}</td>
            <td data-label={t.nonWorkingDays}>{year.nonWorkingDays}</td>
            <td data-label={t.holidays}>
              <Days label={t.holidays} days={year.nonWorking} />
              {year.working.length > 0 && <Days label={t.workedWeekends} days={year.working} />}
            </td>
            <td data-label={t.source}>{sourceOf(year)}</td>
            <td className="admin-table__actions">
              <Button
                variant="secondary"
                aria-label={adminTexts.actionLabel(t.load, String(year.year))}
                onClick={() => startImport(year.year)}
              >
                {t.load}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A table that scrolls inside its own region, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe)
    <section className="admin-preview__scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

/** What the file changes: the days whose kind changes, the running terms that move. */
function Preview({ preview }: { preview: CalendarImportPreview }) {
  const nothing = preview.days.length === 0 && preview.terms.length === 0;
  return (
    <section className="admin-preview" aria-labelledby="calendar-preview-title">
      <h3 id="calendar-preview-title">{t.previewTitle}</h3>
      {nothing && <p>{t.noChanges}</p>}
      {preview.days.length > 0 && (
        <Scroll label={t.daysCaption}>
          <table className="admin-preview__table">
            <caption>{t.daysCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.day}</th>
                <th scope="col">{t.before}</th>
                <th scope="col">{t.after}</th>
              </tr>
            </thead>
            <tbody>
              {preview.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatNumericDay(day.date)}</th>
                  <td>{t.dayKinds[day.before]}</td>
                  <td>{t.dayKinds[day.after]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {!nothing && preview.terms.length === 0 && <p>{t.noTerms}</p>}
      {preview.terms.length > 0 && (
        <Scroll label={t.termsCaption}>
          <table className="admin-preview__table">
            <caption>{t.termsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.statement}</th>
                <th scope="col">{t.term}</th>
                <th scope="col">{t.dueBefore}</th>
                <th scope="col">{t.dueAfter}</th>
              </tr>
            </thead>
            <tbody>
              {preview.terms.map((term) => (
                <tr key={`${term.statementId}-${term.kind}`}>
                  <th scope="row">
                    <a href={routes.examinerStatementInfo(term.statementId)}>{t.number(term.visibleId)}</a>{' '}
                    {term.objectName}
                  </th>
                  <td>{t.termKinds[term.kind]}</td>
                  <td>{formatNumericDay(term.dueDateBefore)}</td>
                  <td>{formatNumericDay(term.dueDateAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </section>
  );
}

/** A year of fewer than 200 or more than 300 working days: the warning, and the checkbox 'Применить' asks for. */
function UnusualYear({ preview, warning }: { preview: CalendarImportPreview; warning: string }) {
  const id = useId();
  const confirmed = useStore($unusualConfirmed);
  const error = useStore($unusualConfirmError);
  const errorId = `${id}-error`;
  return (
    <div className="admin-unusual">
      <div className="alert alert--warning" role="status">
        <p className="alert__title">{t.unusualTitle}</p>
        <p>{warning}</p>
      </div>
      <div className={error ? 'field field--error' : 'field'}>
        <label className="choice">
          <input
            type="checkbox"
            name="confirmUnusualYear"
            checked={confirmed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => confirmUnusualYear(event.currentTarget.checked)}
          />{' '}
          {t.unusualConfirm(preview.year, workingDays(preview.after.workingDays))}
        </label>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
    </div>
  );
}

/** 'Календарь на {year} год': the file, 'Проверить' (the preview of what changes), then 'Применить'. */
function ImportDialog() {
  const formId = useId();
  const year = useStore($importYear);
  const { fileName } = useStore(importForm.$values);
  const errors = useStore($importErrors);
  const alert = useStore($importAlert);
  const preview = useStore($importPreview);
  const unusual = useStore($unusualYear);
  const status = useStore(importForm.$status);

  return (
    <FormDialog
      open={year !== null}
      close={closeImport}
      title={year === null ? t.load : t.loadTitle(year)}
      description={t.loadIntro}
      formId={formId}
      submitLabel={preview ? t.apply : t.check}
      cancelLabel={adminTexts.cancel}
      busy={status.busy}
      // 'Проверить' first; once the preview is shown, 'Применить' loads that same file.
      send={async () => (preview ? applyImport() : (await checkImport()) === 'saved')}
    >
      {alert && (
        <div className="alert alert--error" role="alert">
          <p>{alert}</p>
        </div>
      )}
      {/* The API lists every problem of a file, one per line. */}
      <div className="admin-file">
        <Field label={t.file} error={errors.text ?? null}>
          {(control) => (
            <div className="dropzone">
              <input
                {...control}
                type="file"
                className="dropzone__input"
                accept=".txt,text/plain"
                onChange={(event) => void chooseFile(event.currentTarget.files?.[0] ?? null)}
              />
              {/* The browser's own caption follows its UI language; this one is always Russian. */}
              <span className="dropzone__button" aria-hidden="true">
                {t.chooseFile}
              </span>
              <span className="dropzone__text" aria-hidden="true">
                {fileName || t.noFile}
              </span>
            </div>
          )}
        </Field>
      </div>
      {preview && unusual && <UnusualYear preview={preview} warning={unusual} />}
      {preview && <Preview preview={preview} />}
    </FormDialog>
  );
}

/** 'Производственный календарь': each year, a year without official data marked 'предварительный'; import by file. */
export default function CalendarSection() {
  const state = useStore($calendar);
  return (
    <section className="admin-list" aria-labelledby="calendar-title">
      <div className="admin-list__head">
        <h2 id="calendar-title">{t.title}</h2>
      </div>
      <p className="text-secondary">{t.intro}</p>
      {state.status === 'loading' && <Spinner label={adminTexts.loading} />}
      {state.status === 'error' && (
        <LoadFailed text={t.loadFailed} retryLabel={adminTexts.retry} onRetry={() => void loadCalendar()} />
      )}
      {state.years.length > 0 && <YearsTable years={state.years} />}
      <ImportDialog />
    </section>
  );
}
