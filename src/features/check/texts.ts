import { CERTIFICATE_TEXTS } from '#domain/certificates.ts';
import type { StatementStatus } from '#domain/contract.ts';

/** Texts of the public certificate check page. */
export const checkTexts = {
  pageTitle: 'Проверка свидетельства',
  heading: 'Проверка свидетельства о согласовании АГР',
  loading: 'Проверяем свидетельство…',
  valid: 'Свидетельство действительно',
  validText: 'Архитектурно-градостроительное решение объекта согласовано комитетом.',
  invalid: 'Свидетельство недействительно',
  /** An approval given before the certificate was required, without it. */
  missing: CERTIFICATE_TEXTS.missing,
  missingText: 'Решение о согласовании принято, но свидетельство к нему не приложено.',
  byStatus: {
    sent: 'Заявление подано, но ещё не рассмотрено: решение по нему не принято.',
    under_review: 'Заявление ещё на рассмотрении: решение по нему не принято.',
    has_comments: 'Заявление возвращено заявителю на доработку: решение по нему не принято.',
    approved: 'Решение о согласовании не найдено.',
    rejected: 'В согласовании архитектурно-градостроительного решения отказано.',
    not_accepted: 'В приёме документов отказано: решение по заявлению не принималось.',
    withdrawn: 'Заявление отозвано заявителем: решение по нему не принималось.',
  } satisfies Record<StatementStatus, string>,
  /** A certificate a corrected one replaced (docs/product.md «The regulation's procedures»). */
  replacedText: 'Действительно исправленное свидетельство, выданное взамен этого.',
  openReplacement: 'Проверить исправленное свидетельство',
  /** A corrected certificate: the one it replaces. */
  replaces: (date: string) => `Выдано взамен ранее выданного от ${date}.`,
  openReplaced: 'Проверить прежнее свидетельство',
  notFound: 'Свидетельство не найдено',
  notFoundText:
    'Адрес проверки не найден. Сверьте его с адресом, напечатанным на свидетельстве под QR-кодом: свидетельство с другим адресом комитет не выдавал.',
  tooMany: 'Слишком много проверок с вашего адреса. Попробуйте через минуту.',
  failed: 'Не удалось проверить свидетельство. Проверьте подключение и обновите страницу.',
  fields: 'Сведения свидетельства',
  number: 'Регистрационный номер',
  decisionDate: 'Дата согласования',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  company: 'Проектная организация',
  companyInn: 'ИНН',
  companyOgrn: 'ОГРН',
  committee: 'Комитет',
  examiner: 'Эксперт комитета',
  documents: 'Согласованные документы',
  noDocuments: 'Согласованных документов нет.',
  fileName: 'Файл',
  size: 'Размер',
  sha256: 'SHA-256',
  compareTitle: 'Сверить файл с согласованными документами',
  compareLabel: 'Выберите файл на своём компьютере',
  /** The file picker's own button and the line that names the chosen file. */
  chooseFile: 'Выбрать файл',
  noFile: 'файл не выбран',
  compareHint:
    'Файл никуда не отправляется: его отпечаток SHA-256 вычисляется в вашем браузере и сравнивается с отпечатками согласованных документов.',
  hashing: 'Вычисляем отпечаток файла…',
  matches: (name: string) => `Файл совпадает с согласованным документом «${name}».`,
  matchesNone:
    'Файл не совпадает ни с одним согласованным документом: он отличается от согласованного или это другой файл.',
  hashFailed: 'Не удалось прочитать файл.',
  yourHash: 'Отпечаток выбранного файла',
  /** The approved set: each stamped sheet's file, and the check of a sheet (docs/product.md «The approved set»). */
  approvedSet: 'Согласованный комплект',
  approvedSetHint: 'Копии документов со штампом «СОГЛАСОВАНО» на каждом листе, выданные комитетом.',
  /** On a certificate replaced by a corrected one, or on the corrected one: the set is the same. */
  approvedSetStays:
    'Исправление свидетельства не меняет чертежи: этот комплект действует и с исправленным свидетельством. Штамп на листах называет первоначальное свидетельство.',
  pages: (count: number) => `листов: ${count}`,
  checkSheet: 'Проверить лист',
  sheetLabel: 'Выберите лист комплекта на своём компьютере',
  inSet: (name: string) => `Файл входит в согласованный комплект: ${name}`,
  notInSet: 'Этого файла нет в согласованном комплекте',
  /** The approval's signed certificate (docs/product.md «Signatures»). */
  signatureTitle: 'Электронная подпись',
  signedBy: (fio: string, serial: string, from: string, to: string) =>
    `Подписано усиленной квалифицированной электронной подписью: ${fio}, сертификат ${serial}, действителен с ${from} по ${to}`,
  signatureHint:
    'Подпись проверена комитетом. Файл подписи содержит персональные данные подписавшего, поэтому его получают ' +
    'заявитель и комитет; здесь можно скачать подписанное свидетельство и сравнить его со своим экземпляром.',
  downloadDocument: (name: string) => `Скачать свидетельство «${name}»`,
  dash: '—',
} as const;
