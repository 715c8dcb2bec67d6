// Personal data as both halves name it (docs/product.md «Personal data»): what each read in the access log was.
import type { ConsentWithdrawal, PersonalDataAccessKind } from './contract.ts';

/** What each kind of read is called on the screen and in the log's CSV. */
export const ACCESS_KIND_LABELS: Record<PersonalDataAccessKind, string> = {
  statement: 'Карточка заявления',
  file: 'Файл заявления',
  power_of_attorney: 'Доверенность',
  export: 'Выгрузка',
  report: 'Отчёт о сроках',
  workload: 'Загрузка сотрудников',
  people: 'Список экспертов',
  registrations: 'Заявки на регистрацию',
  subject_request: 'Запрос субъекта персональных данных',
};

/** How a withdrawal of consent came to the committee, as the administration and its log say it. */
export const WITHDRAWAL_VIA_LABELS: Record<ConsentWithdrawal['via'], string> = {
  portal: 'в личном кабинете',
  post: 'почтой',
  in_person: 'лично',
  electronic: 'электронным документом',
};
