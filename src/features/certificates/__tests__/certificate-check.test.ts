import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PublicCertificate } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import {
  checkTokenFromPath,
  isValidCertificate,
  lacksCertificate,
  matchingDocument,
  sha256OfFile,
} from '../certificate-check.ts';

const token = 'dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A';
const certificate: PublicCertificate = {
  visibleId: 42,
  status: 'approved',
  decisionDate: '2026-11-22T10:00:00.000Z',
  objectName: 'Жилой дом',
  address: null,
  cadastralNumber: null,
  company: 'ООО «Проект»',
  companyInn: '7707083893',
  companyOgrn: '1027700132195',
  committee: 'Комитет',
  examiner: 'Петрова А. С.',
  documents: [
    { fileName: 'Альбом.pdf', size: 5, sha256: createHash('sha256').update('album').digest('hex') },
    { fileName: 'Старый.pdf', size: 3, sha256: null },
  ],
  replaces: null,
  replacedBy: null,
  signature: null,
  certificateAttached: true,
};

describe('the certificate check', () => {
  it('reads the token from its address', () => {
    expect(routes.certificateCheck(token)).toBe(`/check/${token}`);
    expect(checkTokenFromPath(`/check/${token}`)).toBe(token);
    expect(checkTokenFromPath(`/check/${token}/`)).toBe(token);
    for (const path of ['/check/', '/check', `/check/${token}/x`, '/check/a%20b', '/statement/info/1']) {
      expect(checkTokenFromPath(path), path).toBeNull();
    }
  });

  it('hashes a file in the browser’s way (Web Crypto) and finds the approved document it matches', async () => {
    const sha = await sha256OfFile(new Blob(['album']));
    expect(sha).toBe(createHash('sha256').update('album').digest('hex'));
    expect(matchingDocument(sha, certificate.documents)?.fileName).toBe('Альбом.pdf');
    expect(matchingDocument(sha.toUpperCase(), certificate.documents)?.fileName).toBe('Альбом.pdf');
    const altered = await sha256OfFile(new Blob(['album ']));
    expect(matchingDocument(altered, certificate.documents)).toBeNull();
  });

  it('calls a certificate valid only when the approval is stored', () => {
    expect(isValidCertificate(certificate)).toBe(true);
    expect(isValidCertificate({ ...certificate, status: 'rejected', decisionDate: null })).toBe(false);
    expect(isValidCertificate({ ...certificate, status: 'under_review', decisionDate: null })).toBe(false);
    expect(isValidCertificate({ ...certificate, decisionDate: null })).toBe(false);
  });

  it('calls an approval without its certificate not valid but lacking it', () => {
    expect(lacksCertificate(certificate)).toBe(false);
    const bare = { ...certificate, certificateAttached: false };
    expect(isValidCertificate(bare)).toBe(false);
    expect(lacksCertificate(bare)).toBe(true);
    expect(lacksCertificate({ ...bare, status: 'rejected', decisionDate: null })).toBe(false);
  });
});
