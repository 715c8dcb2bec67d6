// @vitest-environment jsdom

import { atom } from 'nanostores';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { computed, prerenderedValue, useStore } from '../prerendered.ts';

// React's act() warns outside an act environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('prerenderedValue: what the static HTML was made from', () => {
  it('is an atom’s initial value and a computed store’s value over those, however the stores moved on', () => {
    const $session = atom<{ user: string | null }>({ user: null });
    const $user = computed($session, (session) => session.user);
    const $greeting = computed([$user, atom('Здравствуйте')], (user, hello) => `${hello}, ${user ?? 'гость'}`);
    $session.set({ user: 'Иванов' });
    expect($greeting.get()).toBe('Здравствуйте, Иванов');
    expect(prerenderedValue($user)).toBeNull();
    expect(prerenderedValue($greeting)).toBe('Здравствуйте, гость');
    // One object per store: React compares server snapshots by identity.
    const $list = computed($session, () => ({ items: [] }));
    expect(prerenderedValue($list)).toBe(prerenderedValue($list));
  });
});

const $counters = atom({ approved: 0 });
const $approved = computed($counters, (counters) => counters.approved);

function Count() {
  return <span className="count">{useStore($approved)}</span>;
}

describe('useStore: an island that hydrates after its store moved on', () => {
  it('hydrates without a mismatch, then shows the live value', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Count />);
    expect(container.textContent).toBe('0');

    // The session and the cached counts arrive before this island's script does.
    $counters.set({ approved: 3 });
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Count />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('3');
  });
});
