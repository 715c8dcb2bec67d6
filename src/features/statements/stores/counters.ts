import { computed } from 'nanostores';
import { countByStatus } from '../../../lib/statuses.ts';
import { $companyStatements, $myInstanceStatements } from './lists.ts';

/** The company sidebar's statement counts per status; zeros until the list loads or when it fails. */
export const $companyCounters = computed($companyStatements, (list) => countByStatus(list.items));

/** The examiner sidebar's counts of their own statements per status. */
export const $instanceCounters = computed($myInstanceStatements, (list) => countByStatus(list.items));
