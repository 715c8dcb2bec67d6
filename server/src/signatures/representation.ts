// Who signs for an organisation (docs/product.md «Powers of attorney»): its head, with a certificate carrying its
// ИНН ЮЛ or ОГРН, or a person with a personal certificate whom a valid power of attorney (МЧД) of the organisation
// names as representative. The verifier answers `foreign_organization` for every certificate of no organisation; this
// turns it into `valid` with the МЧД relied on, or `no_power_of_attorney`.

import { committeeTime } from '#domain/committee-time.ts';
import type { DocumentSignature, SignaturePowerOfAttorney } from '#domain/contract.ts';
import { acceptedPowerCodes } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import { findRepresentations } from './signed-files.repository.ts';

type Powers = SignaturePowerOfAttorney['powers'];

/**
 * Whether an МЧД's powers may include filing with the committee: powers as text are read by the examiner; codes
 * only are accepted when one of them is in the committee's catalogue 'Полномочия по доверенности' (`accepted`).
 */
export function powersAccepted(powers: Powers, accepted: ReadonlySet<string>): boolean {
  return powers.text !== null || powers.codes.length === 0 || powers.codes.some((code) => accepted.has(code.code));
}

/** A certificate of a person, with no organisation in it: the kind an employee signs with since 1 September 2024. */
export function isPersonalCertificate(signer: DocumentSignature['signer']): boolean {
  return !signer.innLe && !signer.ogrn && Boolean(signer.snils || signer.inn);
}

/**
 * The verdict on a company document's signature with the company's powers of attorney taken into account. A
 * personal certificate's `foreign_organization` becomes `valid` when an МЧД of the company names the signer (СНИЛС or
 * ИНН), its term covers the signing day, and it is not revoked now; otherwise `no_power_of_attorney`, naming the
 * МЧД when it was revoked. Any other verdict is kept as it is.
 */
export async function withRepresentation(
  ctx: ServiceContext,
  companyId: number,
  check: DocumentSignature,
): Promise<DocumentSignature> {
  if (check.status !== 'foreign_organization' || !isPersonalCertificate(check.signer)) return check;
  const powers = await findRepresentations(ctx.db, companyId, check.signer);
  const acceptedCodes = powers.length > 0 ? await acceptedPowerCodes(ctx) : new Set<string>();
  const moment = check.signedAt && check.signedAt <= check.checkedAt ? check.signedAt : check.checkedAt;
  const day = committeeTime(moment)?.day ?? moment.slice(0, 10);
  const inTerm = powers.filter((power) => power.issued_on <= day && day <= power.valid_to);
  const toView = (power: (typeof powers)[number]): SignaturePowerOfAttorney => {
    const text = JSON.parse(power.powers) as Powers;
    return {
      id: power.id,
      number: power.number,
      issuedOn: power.issued_on,
      validTo: power.valid_to,
      organization: (JSON.parse(power.principal) as { organization: string }).organization,
      powers: text,
      powersAccepted: powersAccepted(text, acceptedCodes),
      revokedAt: power.revoked_at,
    };
  };
  const valid = inTerm.find((power) => power.revoked_at === null);
  if (valid) return { ...check, status: 'valid', powerOfAttorney: toView(valid) };
  const revoked = inTerm.find((power) => power.revoked_at !== null);
  return {
    ...check,
    status: 'no_power_of_attorney',
    ...(revoked ? { powerOfAttorney: toView(revoked) } : {}),
  };
}
