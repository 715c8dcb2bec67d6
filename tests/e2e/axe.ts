import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules (ГОСТ Р 52872-2019 follows WCAG 2.1). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts the issue forbids: a person is blocked or seriously hindered. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG 2.1 AA violations on the page as it stands (dialogs open included), one line each:
 * rule, impact, help and the first few elements, so a failure names what to fix.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  return result.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(' | ');
      return `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.length}× ${targets}]`;
    });
}

/** Waits for finite CSS animations and transitions (a dialog fading in would read as low contrast). */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Soft-asserts no serious or critical violation on `screen`, so one run lists every screen's problems. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect.soft(await blockingViolations(page), `axe on ${screen}`).toEqual([]);
}

/** The element with focus: its description and whether a focus indicator shows where it is. */
export interface FocusedElement {
  /** Tag, role or type, and the accessible name in short ('button "Получить код"'). */
  describe: string;
  /** True when the element's computed outline (not transparent) or box-shadow is not none, or, for a control drawn by
   * its container (the file picker's drop zone), the container's within three levels shows the focus ring colour. */
  visible: boolean;
}

/** Reads getComputedStyle of document.activeElement (see FocusedElement.visible). */
export async function focusedElement(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { describe: 'body', visible: false };
    const shows = (node: Element): boolean => {
      const style = getComputedStyle(node);
      const outline =
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'transparent' &&
        !style.outlineColor.endsWith(', 0)');
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // The focus ring's yellow (tokens.css --color-focus) on a container drawing the ring for its control.
    const ring = (node: Element): boolean => getComputedStyle(node).boxShadow.includes('rgb(255, 212, 0)');
    let visible = shows(element);
    let parent = element.parentElement;
    for (let level = 0; !visible && parent && level < 3; level += 1, parent = parent.parentElement) {
      visible = ring(parent);
    }
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const role = element.getAttribute('role') ?? element.getAttribute('type') ?? '';
    return {
      describe: `${element.tagName.toLowerCase()}${role ? `[${role}]` : ''} "${name.trim().slice(0, 60)}"`,
      visible,
    };
  });
}

/** True when the page scrolls sideways (WCAG 1.4.10 reflow: it must not at 320-700 CSS px). */
export async function scrollsSideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}
