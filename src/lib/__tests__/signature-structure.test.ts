import { readFileSync } from 'node:fs';
import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_SIZE } from '#domain/signatures.ts';
import { fileSignatureProblem, signatureStructureProblem } from '../signature-structure.ts';

// A real detached GOST signature of the demo (DER), as a signing tool saves it.
const demo = new Uint8Array(
  readFileSync(new URL('../../../server/src/signatures/demo/demo-document.director.sig', import.meta.url)),
);
const base64 = Buffer.from(demo).toString('base64');
const text = (value: string) => new TextEncoder().encode(value);

/** A ContentInfo of SignedData with the given encapsulated content, certificates and signer infos. */
function signedData(parts: { eContent?: boolean; certificates?: boolean; signers?: number }): Uint8Array {
  const fields: asn1js.AsnType[] = [
    new asn1js.Integer({ value: 1 }),
    new asn1js.Set({ value: [] }),
    new asn1js.Sequence({
      value: [
        new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' }),
        ...(parts.eContent
          ? [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.OctetString()] })]
          : []),
      ],
    }),
  ];
  if (parts.certificates) {
    fields.push(
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.Sequence({ value: [] })] }),
    );
  }
  fields.push(
    new asn1js.Set({ value: Array.from({ length: parts.signers ?? 1 }, () => new asn1js.Sequence({ value: [] })) }),
  );
  const info = new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.2' }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Sequence({ value: fields })],
      }),
    ],
  });
  return new Uint8Array(info.toBER());
}

describe('signatureStructureProblem: what the server would surely refuse as no signature', () => {
  it('takes a detached CMS SignedData as DER, PEM (any label, lines wrapped) and bare base64', () => {
    expect(signatureStructureProblem(demo)).toBeNull();
    const pem = `-----BEGIN CMS-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CMS-----\n`;
    expect(signatureStructureProblem(text(pem))).toBeNull();
    expect(signatureStructureProblem(text(`${base64}\r\n`))).toBeNull();
    expect(signatureStructureProblem(text(base64.replace(/=+$/, '')))).toBeNull();
  });

  it('refuses noise, another file type, a cut-short signature, trailing bytes and broken armour as not_cms', () => {
    expect(signatureStructureProblem(text('%PDF-1.4\n%%EOF\n'))).toBe('not_cms');
    expect(signatureStructureProblem(new Uint8Array())).toBe('not_cms');
    expect(signatureStructureProblem(demo.slice(0, demo.length - 10))).toBe('not_cms');
    expect(signatureStructureProblem(new Uint8Array([...demo, 0]))).toBe('not_cms');
    expect(signatureStructureProblem(text(`-----BEGIN CMS-----\n${base64}\n-----END PKCS7-----\n`))).toBe('not_cms');
    // A whole DER object that is no SignedData: a bare SEQUENCE, and data (1.2.840.113549.1.7.1) instead.
    expect(signatureStructureProblem(new Uint8Array(new asn1js.Sequence({ value: [] }).toBER()))).toBe('not_cms');
    const data = Uint8Array.from(demo);
    // The OID (bytes 6..14) ends in 7.2, signedData; 7.1 is data.
    expect(data[14]).toBe(0x02);
    data[14] = 0x01;
    expect(signatureStructureProblem(data)).toBe('not_cms');
  });

  it('tells a signature with the document inside, and one without a signer or certificates', () => {
    expect(signatureStructureProblem(signedData({ certificates: true }))).toBeNull();
    expect(signatureStructureProblem(signedData({ certificates: true, eContent: true }))).toBe('attached');
    expect(signatureStructureProblem(signedData({ certificates: true, signers: 0 }))).toBe('no_certificate');
    expect(signatureStructureProblem(signedData({}))).toBe('no_certificate');
  });

  it('refuses past 1 MB without reading the file', async () => {
    const big = new Blob([new Uint8Array(MAX_SIGNATURE_SIZE + 1)]);
    expect(await fileSignatureProblem(big)).toBe('too_large');
    expect(await fileSignatureProblem(new Blob([demo]))).toBeNull();
  });
});
