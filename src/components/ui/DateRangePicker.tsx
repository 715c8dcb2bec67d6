import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { ru } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { formatListDate } from '#lib/dates.ts';
import { CalendarIcon, CloseIcon } from './icons.tsx';

/**
 * Props of DateRangePicker. The range rules (docs/product.md «List filters») live in the caller's store: this component
 * only reports.
 */
export interface DateRangePickerProps {
  /** First day, or null when open. */
  start: Date | null;
  /** Last day, or null when open. */
  end: Date | null;
  onStartChange: (date: Date | null) => void;
  onEndChange: (date: Date | null) => void;
  /** The group's accessible name. */
  label?: string;
}

const texts = {
  group: 'Период подачи',
  start: 'Начало периода',
  end: 'Конец периода',
  startPlaceholder: 'С',
  endPlaceholder: 'По',
  clearStart: 'Очистить начало периода',
  clearEnd: 'Очистить конец периода',
} as const;

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

interface DateFieldProps {
  label: string;
  placeholder: string;
  clearLabel: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  /** The whole range, highlighted in the calendar. */
  range: { start: Date | null; end: Date | null };
}

/**
 * One end of the range: a read-only field (typing blocked) that opens a calendar below it, and a button
 * that clears it. Escape, a click outside or a choice closes the calendar and returns focus to the field.
 */
function DateField({ label, placeholder, clearLabel, value, onChange, range }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // A click or focus anywhere else (Tab out of the calendar) closes it.
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    inputRef.current?.focus();
  };

  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    setOpen(true);
  };

  const onPopoverKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  const highlighted = range.start && range.end ? { from: range.start, to: range.end } : undefined;

  return (
    <div ref={rootRef} className="date-field">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <span className="date-field__icon">
        <CalendarIcon />
      </span>
      <input
        ref={inputRef}
        id={id}
        className="input date-field__input"
        // The date-picker combobox of the ARIA Authoring Practices: read-only, the calendar is its popup.
        role="combobox"
        readOnly
        placeholder={placeholder}
        value={formatListDate(value)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-calendar` : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={onFieldKey}
      />
      {value && (
        <button
          type="button"
          className="date-field__clear"
          aria-label={clearLabel}
          onClick={() => {
            onChange(null);
            inputRef.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      )}
      {open && (
        <div id={`${id}-calendar`} className="date-popover" role="dialog" aria-label={label} onKeyDown={onPopoverKey}>
          <DayPicker
            mode="single"
            required
            autoFocus
            locale={ru}
            weekStartsOn={1}
            selected={value ?? undefined}
            defaultMonth={value ?? range.start ?? range.end ?? undefined}
            modifiers={highlighted ? { inRange: highlighted } : undefined}
            modifiersClassNames={{ inRange: 'date-popover__in-range' }}
            onSelect={(date) => {
              onChange(date);
              close();
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * A date range as two clearable read-only fields with a calendar each (react-day-picker, ru, week from Monday,
 * 'd MMMM, yyyy'; docs/product.md «Constants and limits»).
 */
export default function DateRangePicker({
  start,
  end,
  onStartChange,
  onEndChange,
  label = texts.group,
}: DateRangePickerProps) {
  const range = { start, end };
  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">{label}</legend>
      <DateField
        label={texts.start}
        placeholder={texts.startPlaceholder}
        clearLabel={texts.clearStart}
        value={start}
        onChange={onStartChange}
        range={range}
      />
      <span className="date-range__dash" aria-hidden="true">
        —
      </span>
      <DateField
        label={texts.end}
        placeholder={texts.endPlaceholder}
        clearLabel={texts.clearEnd}
        value={end}
        onChange={onEndChange}
        range={range}
      />
    </fieldset>
  );
}
