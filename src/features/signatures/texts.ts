// The signature's texts on the site (docs/product.md «Signatures»); the verdicts' own wording is the kernel's
// (domain/signatures.ts), shared with the API.
export const signatureTexts = {
  downloadSignature: 'Скачать подпись', // e2e
  /** Beside a signature whose time a trusted timestamp proves (CAdES-T). */
  timestamped: 'Время подписи подтверждено штампом времени', // e2e
  /** Beside a representative's signature: the powers the МЧД gives. */
  powers: 'Полномочия по доверенности', // e2e
  /** A decision not yet signed while signatures of decisions are required. */
  awaiting: 'Ожидает подписи', // e2e
  downloadSignatureOf: (name: string) => `Скачать подпись «${name}»`, // e2e
  sign: 'Подписать решение', // e2e
  signOf: (name: string) => `Подписать решение «${name}»`, // e2e
  signTitle: 'Подписать решение',
  signIntro: (name: string) =>
    `Скачайте «${name}», подпишите его своей усиленной квалифицированной электронной подписью в своей программе и приложите файл подписи (.sig или .p7s).`,
  signatureLabel: 'Файл подписи', // e2e
  signSubmit: 'Подписать', // e2e
  cancel: 'Отмена',
  chooseSignature: 'Выберите файл подписи (.sig или .p7s)',
  failed: 'Не удалось подписать решение. Попробуйте ещё раз.',
} as const;
