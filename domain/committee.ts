// The committee that runs the portal, as its pages and its documents name it.

/** The body that runs the portal and signs its documents: the site's brand and every document's header. */
export const COMMITTEE_NAME = 'Комитет по архитектуре и градостроительству';
