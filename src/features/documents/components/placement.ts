import { createElement, type KeyboardEvent, type PointerEvent, type ReactNode, useState } from 'react';
import type { RemarkPin } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import { $placingRemark } from '../viewer.ts';

/** A place on a page for a new remark: the page, and a spot or area in fractions of the page. */
export type PlacedPin = Omit<RemarkPin, 'fileId'>;

/** Under this share of the page a press-and-release is a click (a spot), not a drag (an area). */
const CLICK_SLOP = 0.01;
/** How far an arrow moves the keyboard's crosshair (Shift: five times as far). */
const KEY_STEP = 0.02;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A press and release on a page as the pin they make: a spot for a click, the dragged area otherwise. */
function pinFrom(page: number, start: { x: number; y: number }, end: { x: number; y: number }): PlacedPin {
  const width = Math.abs(end.x - start.x);
  const height = Math.abs(end.y - start.y);
  if (width < CLICK_SLOP && height < CLICK_SLOP) {
    return { page, x: round(start.x), y: round(start.y), width: null, height: null };
  }
  const x = round(Math.min(start.x, end.x));
  const y = round(Math.min(start.y, end.y));
  // Rounded inside the page, so the server's "on the page" check holds.
  return { page, x, y, width: Math.min(round(width), round(1 - x)), height: Math.min(round(height), round(1 - y)) };
}

/** Where a pointer is on the element it is over, in fractions of the element. */
function fractionOf(event: PointerEvent<HTMLElement>): { x: number; y: number } {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

type PagePointerHandler = (event: PointerEvent<HTMLElement>) => void;

/** What the pages of a viewer need to let the examiner place a remark. */
export interface Placement {
  active: boolean;
  toggle: () => void;
  /** The scroll area's keys while placing: arrows move the crosshair, Enter places a spot there. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** A page's pointer handlers (none unless placing). */
  pageHandlers: (
    page: number,
  ) => Partial<Record<'onPointerDown' | 'onPointerMove' | 'onPointerUp', PagePointerHandler>>;
  /** What a page shows of the placement under way: the dragged area, the crosshair. */
  preview: (page: number) => ReactNode;
}

/**
 * 'Добавить замечание' on the drawing: after the button, a click on a page places a spot, a drag an area; from the
 * keyboard a crosshair on the current page moves with the arrows and Enter places it. Escape (the viewer's dialog
 * asks) leaves placing without closing the viewer.
 */
export function usePlacement({
  enabled,
  page,
  onPlace,
}: {
  enabled: boolean;
  page: number;
  onPlace: (pin: PlacedPin) => void;
}): Placement {
  const active = useStore($placingRemark) && enabled;
  const [drag, setDrag] = useState<{
    page: number;
    start: { x: number; y: number };
    end: { x: number; y: number };
  } | null>(null);
  const [cross, setCross] = useState({ x: 0.5, y: 0.5 });

  const finish = (pin: PlacedPin) => {
    $placingRemark.set(false);
    setDrag(null);
    onPlace(pin);
  };

  return {
    active,
    toggle: () => {
      setCross({ x: 0.5, y: 0.5 });
      $placingRemark.set(!active);
    },
    onKeyDown: (event) => {
      if (!active) return;
      const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        setCross((at) => ({ x: clamp(at.x + move[0]), y: clamp(at.y + move[1]) }));
      } else if (event.key === 'Enter') {
        event.preventDefault();
        finish({ page, x: round(cross.x), y: round(cross.y), width: null, height: null });
      }
    },
    pageHandlers: (n) =>
      active
        ? {
            onPointerDown: (event) => {
              if (event.button !== 0) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              const at = fractionOf(event);
              setDrag({ page: n, start: at, end: at });
            },
            onPointerMove: (event) => {
              if (drag?.page !== n) return;
              const end = fractionOf(event);
              setDrag({ ...drag, end });
            },
            onPointerUp: (event) => {
              if (drag?.page !== n) return;
              finish(pinFrom(n, drag.start, fractionOf(event)));
            },
          }
        : {},
    preview: (n) => {
      if (!active) return null;
      if (drag?.page === n) {
        const pin = pinFrom(n, drag.start, drag.end);
        return createElement('div', {
          className: 'remark-pin remark-pin--preview',
          'aria-hidden': true,
          style: {
            left: percent(pin.x),
            top: percent(pin.y),
            width: percent(pin.width ?? 0),
            height: percent(pin.height ?? 0),
          },
        });
      }
      if (n !== page) return null;
      return createElement('div', {
        className: 'viewer__crosshair',
        'aria-hidden': true,
        style: { left: percent(cross.x), top: percent(cross.y) },
      });
    },
  };
}
