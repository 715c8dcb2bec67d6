// What a person consented to (docs/product.md «Personal data»): every company user consents to the consent's current
// version; a new version is asked for once, at their next login (`User.consentRequired`). The committee's staff
// process personal data under their employment, not under this consent.
import type { ConsentInput, User } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { ROLE_REFUSALS } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { activeApiUser, apiUser, recordConsent } from '../users/users.service.ts';
import { currentConsentVersion, PERSONAL_DATA_TEXTS, requireOperator } from './documents.ts';

/**
 * The version every company user must have consented to, or null while nobody can consent: without the operator's
 * address (`COMMITTEE_ADDRESS`) the consent cannot be published, and nobody is stopped at a consent they cannot read.
 */
async function requiredConsentVersion(ctx: ServiceContext): Promise<string | null> {
  return ctx.config.operator.address ? currentConsentVersion(ctx) : null;
}

/** The user as the API shows them, with whether the current consent is still to be given. */
export async function apiUserOf(ctx: ServiceContext, row: UserRow): Promise<User> {
  return apiUser(ctx, row, await requiredConsentVersion(ctx));
}

/** The active user a new session answers with, or null. */
export async function sessionUser(ctx: ServiceContext, id: number): Promise<User | null> {
  return activeApiUser(ctx, id, await requiredConsentVersion(ctx));
}

/**
 * A company user consents to the current version (`consentVersion` must name it: another is 400, read it again),
 * kept with the moment and the client's address; answers the user.
 */
export async function giveConsent(
  ctx: ServiceContext,
  actor: UserRow,
  input: ConsentInput,
  address: string,
): Promise<User> {
  if (actor.company_id === null) throw apiError('forbidden', ROLE_REFUSALS.companyUser);
  requireOperator(ctx.config);
  const version = await currentConsentVersion(ctx);
  if (input.consentVersion !== version) throw fieldError('consentVersion', PERSONAL_DATA_TEXTS.consentOutdated);
  await recordConsent(ctx.db, actor.id, { version, at: nowIso(ctx.now()), address });
  return apiUser(ctx, { ...actor, consent_version: version }, version);
}
