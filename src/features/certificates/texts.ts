import { CERTIFICATE_TEXTS } from '#domain/certificates.ts';

/** Texts of the approval's certificate on both details: its download, its absence and its later attachment. */
export const approvalCertificateTexts = {
  download: 'Скачать свидетельство', // e2e
  missing: CERTIFICATE_TEXTS.missing, // e2e
  attach: 'Приложить свидетельство', // e2e
  attachIntro: (name: string) => `Приложите подписанное свидетельство о согласовании — PDF с именем «${name}».`,
  fileLabel: 'Файл свидетельства', // e2e
  attachSubmit: 'Приложить',
  cancel: 'Отмена',
  wrongFile: CERTIFICATE_TEXTS.wrongName,
  failed: 'Не удалось приложить свидетельство',
  attached: 'Свидетельство приложено',
} as const;
