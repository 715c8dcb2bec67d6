import { useId } from 'react';
import Button from '#components/ui/Button.tsx';
import { useStore } from '#stores/prerendered.ts';
import { remarkEditingTexts as texts } from './editing-texts.ts';
import { severityLabels } from './remarks.ts';
import type { TemplatePicker as Picker } from './templates.ts';

/** Props of TemplatePicker. */
export interface TemplatePickerProps {
  picker: Picker;
  /** The statement's work type: its templates come first. */
  workTypeId: number | null;
  /** After a template filled the dialog (focus goes to the text). */
  chosen: () => void;
}

/**
 * 'Из шаблона' in the remark dialog: the button opens a search and the templates under it, each a button; a click on
 * one fills the dialog's text and kind (two clicks from the open dialog).
 */
export default function TemplatePicker({ picker, workTypeId, chosen }: TemplatePickerProps) {
  const panelId = useId();
  const searchId = useId();
  const open = useStore(picker.$open);
  const query = useStore(picker.$query);
  const list = useStore(picker.$templates);
  return (
    <div className="template-picker">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? picker.close() : picker.open(workTypeId))}
      >
        {texts.fromTemplate}
      </Button>
      {open && (
        <section id={panelId} className="template-picker__panel" aria-label={texts.templatesLabel}>
          <label className="field__label" htmlFor={searchId}>
            {texts.templateSearch}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={query}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => picker.search(event.currentTarget.value)}
          />
          <div aria-live="polite">
            {list.status === 'loading' && <p className="field__hint">{texts.templatesLoading}</p>}
            {list.status === 'ready' && list.items.length === 0 && <p className="field__hint">{texts.noTemplates}</p>}
            {list.status === 'error' && (
              <p className="field__hint">
                {texts.templatesFailed}{' '}
                <Button variant="link" onClick={() => void picker.retry()}>
                  {texts.templatesRetry}
                </Button>
              </p>
            )}
          </div>
          {list.items.length > 0 && (
            <ul className="template-picker__list">
              {list.items.map((template) => (
                <li key={template.id}>
                  <button
                    type="button"
                    className="template-picker__item"
                    onClick={() => {
                      picker.choose(template);
                      chosen();
                    }}
                  >
                    <span className="template-picker__text">{template.text}</span>
                    <span className="template-picker__meta">
                      {severityLabels[template.severity]} · {template.workType?.name ?? texts.anyWorkType}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
