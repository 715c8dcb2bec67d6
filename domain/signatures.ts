// What a person reads about a document's electronic signature, on the site and in the API's answers alike
// (docs/product.md «Signatures»).

import { committeeTime } from './committee-time.ts';
import type { DocumentSignature, SignatureStatus } from './contract.ts';
import { formatNumericDay } from './russian.ts';

/** Every verdict the portal reaches on a signature, strongest failure first (the order the checks run in). */
export const SIGNATURE_STATUSES: readonly SignatureStatus[] = [
  'invalid',
  'untrusted',
  'expired',
  'revoked',
  'revocation_unknown',
  'not_qualified',
  'foreign_organization',
  'no_power_of_attorney',
  'valid',
];

/** The failure in Russian, for every verdict but `valid` (which names the signer: `signatureSummary`). */
export const SIGNATURE_FAILURE_TEXTS: Readonly<Record<Exclude<SignatureStatus, 'valid'>, string>> = {
  invalid: 'Подпись недействительна: документ изменён после подписания',
  untrusted: 'Сертификат выдан не аккредитованным удостоверяющим центром',
  expired: 'Срок действия сертификата истёк',
  revoked: 'Сертификат отозван',
  revocation_unknown: 'Не удалось проверить, не отозван ли сертификат: список отзыва устарел',
  not_qualified: 'Подпись не является квалифицированной',
  foreign_organization: 'Подпись принадлежит другой организации',
  no_power_of_attorney: 'Подписант не является руководителем организации, и действующей доверенности на него нет',
};

/** 'Полномочия не включают подачу документов в комитет': the mark of a signature whose МЧД gives no accepted power. */
export const POWERS_NOT_ACCEPTED = 'Полномочия не включают подачу документов в комитет';

/** Why a signature is not valid, in Russian: a revoked power of attorney is named with its number and day. */
export function signatureFailure(signature: DocumentSignature): string {
  if (signature.status === 'valid') return '';
  const power = signature.powerOfAttorney;
  if (signature.status === 'no_power_of_attorney' && power?.revokedAt) {
    return `Доверенность № ${power.number} отозвана ${certificateDay(power.revokedAt)}`;
  }
  return SIGNATURE_FAILURE_TEXTS[signature.status];
}

/** A certificate's last day as the committee's calendar reads it: '2027-11-26T20:59:59Z' -> '26.11.2027'. */
export function certificateDay(at: string): string {
  const time = committeeTime(at);
  return time ? formatNumericDay(time.day) : at;
}

/**
 * 'Подписан: {ФИО}, {организация}, сертификат до {date}' for a valid signature ('Подписан: {ФИО} по доверенности №
 * {number} от {date}, {организация}, …' for a representative's), else the failure in Russian.
 */
export function signatureSummary(signature: DocumentSignature): string {
  if (signature.status !== 'valid') return signatureFailure(signature);
  const power = signature.powerOfAttorney;
  const fio = power
    ? `${signature.signer.fio ?? 'подписант не указан'} по доверенности № ${power.number} от ${formatNumericDay(power.issuedOn)}`
    : signature.signer.fio;
  const who = [fio, power ? power.organization : signature.signer.organization]
    .filter((part) => part?.trim())
    .join(', ');
  return `Подписан: ${who || 'подписант не указан'}, сертификат до ${certificateDay(signature.certificate.validTo)}`;
}

/** Whether the verdict may be shown as a qualified signature ('Подписан: …'). */
export function isQualifiedValid(signature: DocumentSignature | null | undefined): boolean {
  return signature?.status === 'valid';
}

/**
 * Why a file offered as a signature could not be read as one at all (no verdict is possible): the caller answers
 * 400 with `unreadableSignatureMessage`.
 */
export type UnreadableSignatureReason =
  /** Not DER/BER CMS SignedData (noise, another file type, truncated, nested beyond reason). */
  | 'not_cms'
  /** Larger than any detached signature (`MAX_SIGNATURE_SIZE`). */
  | 'too_large'
  /** The signature carries the document inside (attached), not beside it. */
  | 'attached'
  /** The signature names no signer or carries no signer's certificate. */
  | 'no_certificate'
  /** The check did not finish within its time limit. */
  | 'timeout';

/** Largest detached signature read (1 MB): a CAdES-BES with its chain is a few kilobytes. */
export const MAX_SIGNATURE_SIZE = 1_048_576;

const UNREADABLE_TEXTS: Readonly<Record<UnreadableSignatureReason, string>> = {
  not_cms: 'повреждён или не является подписью',
  too_large: 'больше 1 МБ и не может быть подписью',
  attached: 'содержит документ внутри себя; нужна отсоединённая подпись (.sig, .p7s) к файлу документа',
  no_certificate: 'не содержит сертификата подписанта',
  timeout: 'не удалось проверить за отведённое время; попробуйте ещё раз',
};

/** 'Файл подписи «name» повреждён или не является подписью' and the like. */
export function unreadableSignatureMessage(fileName: string, reason: UnreadableSignatureReason): string {
  return `Файл подписи «${fileName}» ${UNREADABLE_TEXTS[reason]}`;
}
