// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSignature } from '#domain/contract.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn() }, QUIET: {} }));

const { SignatureNote } = await import('../SignatureNote.tsx');

afterEach(cleanup);

const representative: DocumentSignature = {
  status: 'valid',
  signer: {
    fio: 'Петров Сергей Андреевич',
    title: 'Главный архитектор проекта',
    organization: null,
    inn: '770500005512',
    innLe: null,
    ogrn: null,
    snils: '55667788901',
  },
  certificate: {
    serialNumber: '4B01',
    issuer: 'Тестовый УЦ портала',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2027-11-26T21:30:00.000Z',
  },
  signedAt: '2026-11-28T10:00:00.000Z',
  checkedAt: '2026-11-28T10:00:05.000Z',
  powerOfAttorney: {
    id: 3,
    number: '8c7effc3-ffa4-4e20-8cf9-3ffd2854a004',
    issuedOn: '2026-11-26',
    validTo: '2027-11-26',
    organization: 'ООО «СтройПроект»',
    powers: { text: null, codes: [{ code: 'AGR_FILE_001', name: 'Подача заявлений' }] },
    powersAccepted: false,
    revokedAt: null,
  },
};

describe('SignatureNote', () => {
  it('a representative’s signature: by power of attorney, its powers, and the mark of powers the committee does not accept', () => {
    render(<SignatureNote signature={representative} />);
    expect(
      screen.getByText(
        'Подписан: Петров Сергей Андреевич по доверенности № 8c7effc3-ffa4-4e20-8cf9-3ffd2854a004 от 26.11.2026, ООО «СтройПроект», сертификат до 27.11.2027',
      ),
    ).toBeTruthy();
    expect(screen.getByText('AGR_FILE_001')).toBeTruthy();
    expect(screen.getByText('Полномочия не включают подачу документов в комитет')).toBeTruthy();
    expect(screen.queryByText('Время подписи подтверждено штампом времени')).toBeNull();
  });

  it('accepted powers carry no mark; a trusted timestamp is said; a title shows the summary alone', () => {
    const stamped: DocumentSignature = {
      ...representative,
      timestamp: { time: '2026-11-28T10:00:01.000Z', authority: 'Служба штампов времени' },
      powerOfAttorney: {
        ...(representative.powerOfAttorney as NonNullable<DocumentSignature['powerOfAttorney']>),
        powersAccepted: true,
      },
    };
    const { unmount } = render(<SignatureNote signature={stamped} />);
    expect(screen.queryByText('Полномочия не включают подачу документов в комитет')).toBeNull();
    expect(screen.getByText('Время подписи подтверждено штампом времени')).toBeTruthy();
    unmount();
    render(<SignatureNote signature={stamped} withPowers={false} />);
    expect(screen.queryByText('AGR_FILE_001')).toBeNull();
    expect(screen.queryByText('Время подписи подтверждено штампом времени')).toBeNull();
  });
});
