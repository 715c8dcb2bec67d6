// A registration nobody confirmed, or one declined, is not kept: 30 days on (from the registration, or from the
// decline) it is removed with its people and their personal data (Федеральный закон № 152-ФЗ, article 5 part 7 and
// article 21 part 4: data are destroyed once the purpose is gone; the consent's term says 30 days). The housekeeping
// job runs it; each removal is one transaction, logged by the portal itself, naming no one.
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import { expiredRegistrations, removeExpiredRegistration } from '../companies/companies.service.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';

/** How long a request is kept undecided, or after its decline. */
export const REGISTRATION_KEEPING_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Removes every registration past its keeping; answers how many went. Safe on any number of API processes: each is
 * claimed in its transaction, so a head's decision or a signature at the same moment either comes first (nothing is
 * removed) or finds the registration gone.
 */
export async function removeExpiredRegistrations(ctx: ServiceContext): Promise<number> {
  const before = nowIso(new Date(ctx.now().getTime() - REGISTRATION_KEEPING_MS));
  let removed = 0;
  for (const registration of await expiredRegistrations(ctx.db, before)) {
    const gone = await inAdminTransaction(ctx, async (trx, at) => {
      if (!(await removeExpiredRegistration(trx.db, registration.id, before))) return false;
      // The log keeps that a request went and why, not whose: an entrepreneur's name and ИНН are personal data.
      await recordChange(trx.db, 'system', at, 'registration_removed', 'Заявка на регистрацию организации', {
        declined: registration.declined_at !== null,
        registeredAt: registration.registered_at,
      });
      return true;
    });
    if (gone) removed += 1;
  }
  return removed;
}
