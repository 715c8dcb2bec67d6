// Names for the generated contract types the site uses; never retype a schema by hand.
import type { components } from './schema';

type Schemas = components['schemas'];

/** The error body every failing API call answers with: `{ error, message }` (plus `attempts_left` on a wrong code). */
export type ApiErrorBody = Schemas['Error'];
/** A machine-readable error code of the contract. */
export type ErrorCode = Schemas['ErrorCode'];
/** A statement as the list and detail endpoints send it. */
export type Statement = Schemas['Statement'];
