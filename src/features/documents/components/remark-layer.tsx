import { type ReactNode, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import type { Remark } from '#domain/contract.ts';
import { viewerTexts as texts } from '../texts.ts';
import type { PinLayer } from '../viewer.ts';
import { type PlacedPin, type Placement, usePlacement } from './placement.ts';

/** What a view of a document (PDF pages, an image) adds for remarks. */
export interface RemarkLayer {
  placement: Placement;
  /** 'Добавить замечание' for the toolbar (for the examiner who may write one), else null. */
  button: ReactNode;
  /** Under the toolbar: the selected remark's text. */
  panels: ReactNode;
  /** Over the top of the pages while placing (never moving the page under the pointer): how to place. */
  hint: ReactNode;
  /** On page `n`: its pins and the placement under way. */
  overlay: (n: number) => ReactNode;
}

/**
 * Pins, the selected remark and 'Добавить замечание', the same for the pages of a PDF and for an image (page 1); the
 * pins and the remark's words are the page's `pins` (PinLayer).
 */
export function useRemarkLayer({
  remarks,
  selectedRemarkId,
  place,
  page,
  pins,
}: {
  remarks: readonly Remark[];
  pins: PinLayer | null;
  selectedRemarkId: number | null;
  place: ((pin: PlacedPin) => void) | null;
  /** The page shown now (the keyboard's crosshair is on it). */
  page: number;
}): RemarkLayer {
  const [selected, setSelected] = useState<number | null>(selectedRemarkId);
  const placement = usePlacement({ enabled: place !== null, page, onPlace: (pin) => place?.(pin) });
  const selectedRemark = remarks.find((remark) => remark.id === selected) ?? null;
  const described = selectedRemark && pins ? pins.describe(selectedRemark) : null;
  return {
    placement,
    button: place ? (
      <Button
        variant={placement.active ? 'primary' : 'secondary'}
        aria-pressed={placement.active}
        onClick={placement.toggle}
      >
        {texts.addRemark}
      </Button>
    ) : null,
    hint: placement.active ? (
      <p className="viewer__hint" role="status">
        {texts.placeHint}
      </p>
    ) : null,
    panels: (
      <>
        {selectedRemark && described && (
          <section className="viewer__remark" aria-label={texts.remarkOnSheet(described.title)}>
            <p className="remark__meta">{`${texts.remarkOnSheet(described.title)} · ${described.severity}`}</p>
            <p className="remark__text">{selectedRemark.text}</p>
          </section>
        )}
      </>
    ),
    overlay: (n) => (
      <>
        {pins && (
          <pins.Pins
            remarks={remarks.filter((remark) => remark.pin?.page === n)}
            selectedId={selected}
            onSelect={(remark) => setSelected(remark.id)}
          />
        )}
        {placement.preview(n)}
      </>
    ),
  };
}
