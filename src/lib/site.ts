import { COMMITTEE_NAME } from '#domain/committee.ts';

/** Name of the service as the brand shows it (docs/product.md «Users and roles»: a distance approval apparatus). */
export const SITE_NAME = 'Дистанционное согласование АГР';
/** Short name for narrow places (top bar). */
export const SITE_SHORT_NAME = 'Согласование АГР';
/** The body that runs the portal (the header of its documents too). */
export const SITE_ORG = COMMITTEE_NAME;
/** What the portal is for, for the page description. */
export const SITE_DESCRIPTION =
  'Портал дистанционного согласования архитектурно-градостроительного решения объекта капитального строительства';
