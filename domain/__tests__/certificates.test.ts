import { describe, expect, it } from 'vitest';
import { approvalCertificate, certificateFileName, isCertificateOf } from '../certificates.ts';

const round = (isGovernmentAgency: boolean, status: string | null, ...names: string[]) => ({
  isGovernmentAgency,
  status,
  files: names.map((fileName) => ({ fileName })),
});

describe("the approval's certificate", () => {
  it('is the PDF named after the statement', () => {
    expect(certificateFileName(42)).toBe('Свидетельство_42.pdf');
    expect(isCertificateOf('Свидетельство_42.pdf', 42)).toBe(true);
    for (const name of ['Свидетельство.pdf', 'Свидетельство_43.pdf', 'Свидетельство_42.sig', 'свидетельство_42.pdf']) {
      expect(isCertificateOf(name, 42), name).toBe(false);
    }
  });

  it.each([
    ['no approval yet', [round(false, 'sent', 'Свидетельство_42.pdf')], null],
    [
      'an approval with it',
      [round(false, 'sent', 'Альбом.pdf'), round(true, 'approved', 'Свидетельство_42.pdf')],
      'Свидетельство_42.pdf',
    ],
    ['an approval without it', [round(true, 'approved', 'Письмо.pdf')], null],
    [
      'a rework that carried it, then an approval without',
      [round(true, 'has_comments', 'Свидетельство_42.pdf'), round(true, 'approved')],
      null,
    ],
  ])('is found among the approving round’s files: %s', (_, rounds, expected) => {
    expect(approvalCertificate(rounds, 42)?.fileName ?? null).toBe(expected);
  });
});
