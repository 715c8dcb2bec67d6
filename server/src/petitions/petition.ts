import type { ReviewDeadline, StageFile } from '#domain/contract.ts';
import { petitionLimitText, petitionTextProblem } from '#domain/petitions.ts';
import type { ServiceContext } from '../context.ts';
import type { DeadlineClock } from '../deadlines/deadlines.service.ts';
import { ApiError, fieldError } from '../errors.ts';
import { hitLimit } from '../limits/limits.service.ts';
import { documentsOf } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';

// What the API does alike for every petition against a statement (domain/petitions.ts): an appeal and a request to
// correct the certificate. Their text, their term on the production calendar, whether it is over, and their files as
// a detail lists them. Each kind keeps its own table, subjects and answer.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A petition's text (or its answer) as kept, trimmed: a 400 naming `field` when it is empty or too long. */
export function petitionText(raw: string | null | undefined, field: string, required: string): string {
  const text = optionalText(raw);
  const problem = petitionTextProblem(text ?? '', required);
  if (text === null || problem !== null) throw fieldError(field, problem ?? required);
  return text;
}

/** A petition's term: `days` working days from its filing, counted by the one term engine. */
export function petitionTerm(clock: DeadlineClock, filedAt: string, days: number): ReviewDeadline {
  return clock.deadline({ start: filedAt, days });
}

/** Whether an open petition's term is over. */
export function isPetitionOverdue(clock: DeadlineClock, filedAt: string, days: number): boolean {
  return petitionTerm(clock, filedAt, days).workingDaysLeft < 0;
}

/** A petition's files as a detail lists them: documents with their signatures, compared with no earlier round. */
export function petitionFiles(files: Parameters<typeof documentsOf>[0]): StageFile[] {
  return documentsOf(files).map((file) => ({ ...file, change: null, previousUrl: null }));
}

/**
 * Counts a petition of the company against its daily limit (docs/product.md «Appeals», `PETITIONS_PER_COMPANY_PER_DAY`), in the filing's transaction:
 * a refused or failed filing rolls its count back, and on PostgreSQL the counter's row keeps two filings of one
 * company from passing it together. Over the limit: 429 with `Retry-After`.
 */
export async function countCompanyPetition(ctx: ServiceContext, companyId: number): Promise<void> {
  const limit = ctx.config.petitionsPerCompanyPerDay;
  const retryAfter = await hitLimit(ctx, `petitions-company:${companyId}`, limit, DAY_MS);
  if (retryAfter > 0) {
    throw new ApiError('too_many_requests', {
      message: petitionLimitText(limit),
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}
