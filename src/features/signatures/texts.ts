// The signature's texts on the site (docs/product.md «Signatures»); the verdicts' own wording is the kernel's
// (domain/signatures.ts), shared with the API.
export const signatureTexts = {
  downloadSignature: 'Скачать подпись', // e2e
  downloadSignatureOf: (name: string) => `Скачать подпись «${name}»`, // e2e
} as const;
