import { computed } from 'nanostores';
import { countOverdue } from '../../../lib/deadline.ts';
import { countStatuses } from '../../../lib/statuses.ts';
import { $companyStatements, $myInstanceStatements } from './lists.ts';

/** The company sidebar's statement counts per status and their total (spec §4); zeros until loaded or on failure. */
export const $companyCounters = computed($companyStatements, (list) => countStatuses(list.items));

/** The examiner sidebar's counts of their own statements per status and their total (spec §4). */
export const $instanceCounters = computed($myInstanceStatements, (list) => countStatuses(list.items));

/** How many of the examiner's own statements are past their review term (issue 12); zero until loaded. */
export const $instanceOverdue = computed($myInstanceStatements, (list) => countOverdue(list.items));
