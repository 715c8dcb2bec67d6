import type { RegistryEntry, RegistryField, RegistryOutcome } from './contract.ts';

// The public register of decisions (docs/product.md «The public register»): the words the site, the API's data
// passport and its CSV export share.

/** How each decision reads in the register. */
export const REGISTRY_OUTCOME_LABELS: Readonly<Record<RegistryOutcome, string>> = {
  approved: 'Согласовано',
  rejected: 'Отказано',
  not_accepted: 'Отказано в приёме',
};

/** The register's fields in their order: the JSON's names, the CSV's column titles and what each means. */
export const REGISTRY_FIELDS = [
  { name: 'visibleId', title: 'Регистрационный номер', description: 'Номер заявления на портале.' },
  { name: 'decidedAt', title: 'Дата решения', description: 'День решения комитета, ГГГГ-ММ-ДД.' },
  {
    name: 'outcome',
    title: 'Решение',
    description: 'Согласовано, Отказано или Отказано в приёме (в JSON: approved, rejected, not_accepted).',
  },
  { name: 'objectName', title: 'Объект', description: 'Наименование объекта, как на день решения.' },
  { name: 'address', title: 'Адрес', description: 'Адрес объекта, как на день решения.' },
  { name: 'cadastralNumber', title: 'Кадастровый номер', description: 'Кадастровый номер земельного участка.' },
  { name: 'objectCategory', title: 'Категория объекта', description: 'Категория объекта из справочника комитета.' },
  { name: 'workType', title: 'Вид работ', description: 'Вид работ из справочника комитета.' },
  { name: 'companyName', title: 'Заявитель', description: 'Наименование организации-заявителя на день решения.' },
  { name: 'companyInn', title: 'ИНН заявителя', description: 'ИНН организации-заявителя.' },
  {
    name: 'checkToken',
    title: 'Проверка свидетельства',
    description:
      'Для согласований — код проверки свидетельства: страница /check/{код} (в CSV — её полный адрес); для отказов пусто.',
  },
] as const satisfies ReadonlyArray<RegistryField & { name: keyof RegistryEntry }>;
