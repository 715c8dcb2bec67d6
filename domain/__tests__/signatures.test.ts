import { describe, expect, it } from 'vitest';
import type { DocumentSignature, SignatureStatus } from '../contract.ts';
import {
  certificateDay,
  SIGNATURE_FAILURE_TEXTS,
  SIGNATURE_STATUSES,
  signatureSummary,
  unreadableSignatureMessage,
} from '../signatures.ts';

const signature = (status: SignatureStatus, signer: Partial<DocumentSignature['signer']> = {}): DocumentSignature => ({
  status,
  signer: {
    fio: 'Иванов Иван Иванович',
    title: 'Генеральный директор',
    organization: 'ООО «СтройПроект»',
    inn: '770100001107',
    innLe: '7701234560',
    ogrn: '1027700123450',
    snils: '11223344595',
    ...signer,
  },
  certificate: {
    serialNumber: '4B01614022A01719',
    issuer: 'Тестовый УЦ портала',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2027-11-26T21:30:00.000Z',
  },
  signedAt: '2026-11-26T10:00:00.000Z',
  checkedAt: '2026-11-26T10:00:05.000Z',
});

describe('signature texts (docs/product.md «Signatures»)', () => {
  it('a valid signature names the signer, the organisation and the last day in the committee’s calendar', () => {
    // 21:30 UTC on the 26th is already the 27th in Moscow.
    expect(signatureSummary(signature('valid'))).toBe(
      'Подписан: Иванов Иван Иванович, ООО «СтройПроект», сертификат до 27.11.2027',
    );
    expect(signatureSummary(signature('valid', { organization: null }))).toBe(
      'Подписан: Иванов Иван Иванович, сертификат до 27.11.2027',
    );
    expect(certificateDay('not a time')).toBe('not a time');
  });

  it.each([
    ['invalid', 'Подпись недействительна: документ изменён после подписания'],
    ['untrusted', 'Сертификат выдан не аккредитованным удостоверяющим центром'],
    ['expired', 'Срок действия сертификата истёк'],
    ['revoked', 'Сертификат отозван'],
    ['revocation_unknown', 'Не удалось проверить, не отозван ли сертификат: список отзыва устарел'],
    ['not_qualified', 'Подпись не является квалифицированной'],
    ['foreign_organization', 'Подпись принадлежит другой организации'],
    ['no_power_of_attorney', 'Подписант не является руководителем организации, и действующей доверенности на него нет'],
  ] as const)('%s reads “%s”', (status, text) => {
    expect(signatureSummary(signature(status))).toBe(text);
  });

  const power = {
    id: 7,
    number: '8c7effc3-ffa4-4e20-8cf9-3ffd2854a004',
    issuedOn: '2026-11-26',
    validTo: '2027-11-26',
    organization: 'ООО «СтройПроект»',
    powers: { text: 'Подавать документы', codes: [] },
    powersAccepted: true,
    revokedAt: null,
  };
  const personal = { organization: null, innLe: null, ogrn: null, inn: '770500005512', fio: 'Петров Сергей Андреевич' };

  it('a representative’s valid signature names the power of attorney and the principal', () => {
    expect(signatureSummary({ ...signature('valid', personal), powerOfAttorney: power })).toBe(
      'Подписан: Петров Сергей Андреевич по доверенности № 8c7effc3-ffa4-4e20-8cf9-3ffd2854a004 от 26.11.2026, ' +
        'ООО «СтройПроект», сертификат до 27.11.2027',
    );
  });

  it('no_power_of_attorney names the power of attorney revoked, with its day in the committee’s calendar', () => {
    const revoked = { ...power, revokedAt: '2026-11-28T22:10:00.000Z' };
    expect(signatureSummary({ ...signature('no_power_of_attorney', personal), powerOfAttorney: revoked })).toBe(
      'Доверенность № 8c7effc3-ffa4-4e20-8cf9-3ffd2854a004 отозвана 29.11.2026',
    );
  });

  it('every status has its place and every failure its text', () => {
    expect([...SIGNATURE_STATUSES].sort()).toEqual(
      [
        'expired',
        'foreign_organization',
        'invalid',
        'no_power_of_attorney',
        'not_qualified',
        'revocation_unknown',
        'revoked',
        'untrusted',
        'valid',
      ].sort(),
    );
    expect(Object.keys(SIGNATURE_FAILURE_TEXTS)).toHaveLength(8);
  });

  it('a file that is no signature names itself', () => {
    expect(unreadableSignatureMessage('Фасад.pdf.sig', 'not_cms')).toBe(
      'Файл подписи «Фасад.pdf.sig» повреждён или не является подписью',
    );
    expect(unreadableSignatureMessage('a.sig', 'too_large')).toBe(
      'Файл подписи «a.sig» больше 1 МБ и не может быть подписью',
    );
  });
});
