// Russian texts of the company's powers of attorney (docs/product.md «Powers of attorney»).
import type { PowerOfAttorney } from '#domain/contract.ts';

import { formatNumericDay as day } from '#domain/russian.ts';
import { certificateDay as moment } from '#domain/signatures.ts';

export const powersTexts = {
  title: 'Доверенности', // e2e
  lead:
    'Машиночитаемые доверенности (МЧД) в формате ФНС, по которым сотрудники подписывают документы компании личной ' +
    'квалифицированной подписью. Руководитель подписывает документы сертификатом организации без доверенности.',
  add: 'Добавить доверенность', // e2e
  addTitle: 'Добавить доверенность',
  addIntro:
    'Приложите файл доверенности в формате ФНС (.xml) и файл её подписи руководителем организации (.sig или .p7s), ' +
    'как их выдал сервис МЧД. Сотрудник может добавить только доверенность, выданную ему.',
  filesLabel: 'Файл доверенности и файл подписи', // e2e
  filesHint: 'Форматы: xml, sig, p7s. Два файла: доверенность и её подпись.',
  addSubmit: 'Добавить', // e2e
  cancel: 'Отмена',
  added: 'Доверенность добавлена',
  addFailed: 'Не удалось добавить доверенность',
  chooseFiles: 'Выберите файл доверенности (.xml) и файл её подписи (.sig или .p7s)',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить доверенности',
  retry: 'Повторить',
  empty: 'Доверенностей пока нет',
  tableCaption: 'Доверенности компании',
  number: (power: Pick<PowerOfAttorney, 'number' | 'issuedOn'>) => `№ ${power.number} от ${day(power.issuedOn)}`,
  representative: 'Представитель',
  issuedBy: 'Выдал',
  term: 'Срок',
  termValue: (power: Pick<PowerOfAttorney, 'issuedOn' | 'validTo'>) =>
    `с ${day(power.issuedOn)} по ${day(power.validTo)}`,
  powers: 'Полномочия',
  status: {
    valid: 'Действует',
    expired: 'Срок истёк',
    revoked: 'Отозвана',
  } satisfies Record<PowerOfAttorney['status'], string>,
  revokedNote: (power: Pick<PowerOfAttorney, 'revokedAt' | 'revokedReason'>) =>
    `Отозвана ${moment(power.revokedAt ?? '')}${power.revokedReason ? `: ${power.revokedReason}` : ''}`,
  registryUnchecked: 'Отзыв в реестре ФНС не проверен',
  registryChecked: (power: NonNullable<PowerOfAttorney['registryCheck']>) =>
    `Проверено в реестре ФНС ${moment(power.checkedAt)} (${power.checkedBy}): ${power.result === 'revoked' ? 'отозвана' : 'не отозвана'}`,
  revoke: 'Отозвать', // e2e
  revokeOf: (number: string) => `Отозвать доверенность № ${number}`, // e2e
  revokeTitle: 'Отозвать доверенность',
  revokeIntro:
    'С этого момента подписи по этой доверенности не принимаются. Уже поданные документы остаются с прежней проверкой.',
  reason: 'Причина отзыва', // e2e
  reasonRequired: 'Укажите причину отзыва',
  revokeSubmit: 'Отозвать доверенность', // e2e
  revoked: 'Доверенность отозвана',
  revokeFailed: 'Не удалось отозвать доверенность',
  check: 'Записать проверку в реестре ФНС', // e2e
  checkOf: (number: string) => `Записать проверку в реестре ФНС: доверенность № ${number}`, // e2e
  checkTitle: 'Проверка доверенности в реестре ФНС',
  checkIntro: (number: string) =>
    `Портал не связан с реестром ФНС. Проверьте доверенность № ${number} на компьютере с доступом к реестру и запишите результат.`,
  registryAddress: 'https://m4d.nalog.gov.ru/',
  checkRevoked: 'Доверенность отозвана по данным реестра', // e2e
  checkNote: 'Примечание', // e2e
  checkSubmit: 'Записать', // e2e
  checkRecorded: 'Проверка записана',
  checkFailed: 'Не удалось записать проверку',
} as const;
