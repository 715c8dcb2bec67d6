import type { Remark } from '#domain/contract.ts';
import { viewerTexts as texts } from '../documents/texts.ts';
import type { PinLayer } from '../documents/viewer.ts';
import { remarkTitle, severityLabels } from './remarks.ts';

/** A fraction of the page as a CSS percentage. */
const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * The remarks pinned on one page, where the examiner put them (fractions of the page, so they stay in place at any
 * zoom): a numbered marker for a spot, an outlined area for a rectangle. Each is a button that selects the remark.
 */
export default function RemarkPins({
  remarks,
  selectedId,
  onSelect,
}: {
  remarks: readonly Remark[];
  selectedId: number | null;
  onSelect: (remark: Remark) => void;
}) {
  return (
    <>
      {remarks.map((remark) => {
        const pin = remark.pin;
        if (!pin) return null;
        const area = pin.width !== null && pin.height !== null;
        const selected = remark.id === selectedId;
        const className = [
          'remark-pin',
          area ? 'remark-pin--area' : 'remark-pin--spot',
          `remark-pin--${remark.severity}`,
          remark.status === 'draft' ? 'remark-pin--draft' : '',
          selected ? 'remark-pin--selected' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <button
            key={remark.id}
            type="button"
            className={className}
            style={{
              left: percent(pin.x),
              top: percent(pin.y),
              ...(area ? { width: percent(pin.width ?? 0), height: percent(pin.height ?? 0) } : {}),
            }}
            aria-pressed={selected}
            aria-label={texts.pinLabel(remarkTitle(remark), severityLabels[remark.severity], remark.text)}
            data-remark={remark.id}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(remark);
            }}
          >
            <span className="remark-pin__number" aria-hidden="true">
              {remark.number ?? '•'}
            </span>
          </button>
        );
      })}
    </>
  );
}

/** The remarks as the document viewer draws them: their pins, and the selected one's title and severity. */
export const remarkPinLayer: PinLayer = {
  Pins: RemarkPins,
  describe: (remark) => ({ title: remarkTitle(remark), severity: severityLabels[remark.severity] }),
};
