// Whether a database error is a unique index's refusal: of two writes of one value at once the other won. PostgreSQL
// names the index (`duplicate key value violates unique constraint "companies_inn_unique"`), SQLite the columns
// (`UNIQUE constraint failed: companies.inn`); the caller passes both names of its index.

/** Unique indexes a service answers as a taken value, with the words each database uses for it. */
export const UNIQUE_INDEXES = {
  /** One company per ИНН (20261129T0600). */
  companyInn: /companies_inn_unique|companies\.inn\b/,
  /** One active user per e-mail. */
  activeUserEmail: /users_active_email_unique|users\.email\b/,
} as const;

/** True when `error` is the refusal of the unique index `index`. */
export function violatesUnique(error: unknown, index: keyof typeof UNIQUE_INDEXES): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return UNIQUE_INDEXES[index].test(text);
}
