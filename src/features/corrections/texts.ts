// The correction of errors in an issued certificate on both details (docs/product.md «The regulation's procedures»).
import { committeeTime } from '#domain/committee-time.ts';
import { formatDay } from '#domain/russian.ts';

export const correctionTexts = {
  /** The company's action on an approved statement. */
  request: 'Исправить опечатку',
  requestTitle: 'Исправить опечатку в свидетельстве',
  requestIntro:
    'Опишите, что указано в свидетельстве неверно и как должно быть. Комитет исправит свидетельство или ответит в течение 5 рабочих дней.',
  requestText: 'Описание ошибки',
  requestSubmit: 'Отправить запрос',
  requested: 'Запрос на исправление отправлен',
  requestFailed: 'Не удалось отправить запрос на исправление',
  cancel: 'Отмена',

  /** The block on both details. */
  title: 'Исправление опечаток в свидетельстве',
  /** 'Запрос от 20 ноября 2026 г., Иванов Иван Иванович': the day in the committee's time zone. */
  requestedOn: (at: string, who: string | null) =>
    `Запрос от ${formatDay(committeeTime(at)?.day ?? at)}${who ? `, ${who}` : ''}`,
  answer: 'Ответ комитета',
  reason: 'Причина отказа',
  correctedCertificate: (date: string) => `Исправленное свидетельство от ${date}`,
  check: 'Страница проверки свидетельства',
  correctedValues: 'В исправленном свидетельстве',

  /** The examiner's actions on a requested correction. */
  accept: 'Исправить',
  decline: 'Отклонить',
  acceptTitle: 'Исправить свидетельство',
  acceptIntro: (date: string) =>
    `Будет сформировано исправленное свидетельство взамен ранее выданного от ${date}. Прежнее на странице проверки будет отмечено как заменённое.`,
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  cadastralNumber: 'Кадастровый номер земельного участка',
  acceptNote: 'Комментарий',
  acceptSubmit: 'Исправить свидетельство',
  declineTitle: 'Отклонить запрос на исправление',
  declineIntro: 'Причину отказа получит заявитель.',
  declineNote: 'Причина отказа',
  declineSubmit: 'Отклонить',
  corrected: 'Свидетельство исправлено',
  declined: 'Запрос на исправление отклонён',
  answerFailed: 'Не удалось ответить на запрос об исправлении',
  certificateFailed: 'Не удалось сформировать исправленное свидетельство',
} as const;
