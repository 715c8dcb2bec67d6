import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { AdminSection } from '#domain/routes.ts';
import { isHeadUser } from '#lib/roles.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';

/** Who may use the administration: not known yet, the committee's head, or anyone else (refused). */
export type AdminAccess = 'checking' | 'head' | 'refused';

/** Whether the signed-in user is the committee's head; the pages show a refusal to anyone else (the API answers 403). */
export const $adminAccess: ReadableAtom<AdminAccess> = computed($session, (session) => {
  if (session.status !== 'authenticated') return 'checking';
  return isHeadUser(session.user) ? 'head' : 'refused';
});

/** The sections of /instance/admin, in the order the page lists them. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  'examiners',
  'catalogs',
  'templates',
  'calendar',
  'registrations',
  'personal-data',
  'review-bodies',
  'personal-data-access',
  'subject-requests',
  'destruction-acts',
];

/** The section an address's hash names ('#catalogs'); the examiners for any other. */
export function sectionOf(hash: string): AdminSection {
  const name = hash.replace(/^#/, '');
  return ADMIN_SECTIONS.find((section) => section === name) ?? 'examiners';
}

const $sectionAtom = atom<AdminSection>('examiners');

/** The section shown, from the address's hash: a link, Back and Forward switch it, and a reload keeps it. */
export const $adminSection: ReadableAtom<AdminSection> = $sectionAtom;

onMount($sectionAtom, () => {
  if (typeof window === 'undefined') return;
  const follow = () => $sectionAtom.set(sectionOf(window.location.hash));
  follow();
  window.addEventListener('hashchange', follow);
  return () => window.removeEventListener('hashchange', follow);
});
