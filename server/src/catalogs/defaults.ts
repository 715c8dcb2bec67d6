import type { CatalogEntry, RefusalGroundEntry } from './catalogs.repository.ts';

/** Categories of capital construction objects the committee approves. */
export const OBJECT_CATEGORIES: CatalogEntry[] = [
  { value: 'residential_apartment', name: 'Многоквартирный жилой дом' },
  { value: 'residential_individual', name: 'Индивидуальный жилой дом' },
  { value: 'public', name: 'Общественное здание' },
  { value: 'education', name: 'Объект образования' },
  { value: 'healthcare', name: 'Объект здравоохранения' },
  { value: 'commercial', name: 'Объект торговли и услуг' },
  { value: 'office', name: 'Административно-деловое здание' },
  { value: 'industrial', name: 'Производственный объект' },
  { value: 'transport', name: 'Объект транспортной инфраструктуры' },
  { value: 'sport', name: 'Спортивный объект' },
];

/** Kinds of construction work. */
export const WORK_TYPES: CatalogEntry[] = [
  { value: 'new_construction', name: 'Новое строительство' },
  { value: 'reconstruction', name: 'Реконструкция' },
  { value: 'facade_change', name: 'Изменение внешнего облика (фасадов)' },
  { value: 'overhaul', name: 'Капитальный ремонт' },
  { value: 'improvement', name: 'Благоустройство территории' },
];

/**
 * The legal basis the defaults name where a ground is the committee's own: its administrative regulation's list. A
 * committee replaces it with its regulation's exact clause (the catalogue is data, never code); no clause number is
 * assumed here.
 */
const INTAKE_LIST =
  'Административный регламент предоставления услуги: исчерпывающий перечень оснований для отказа в приёме документов';
const REFUSAL_LIST =
  'Административный регламент предоставления услуги: исчерпывающий перечень оснований для отказа в согласовании архитектурно-градостроительного облика объекта (постановление Правительства Российской Федерации № 857)';

/** Grounds to refuse accepting the documents (отказ в приёме документов), as regulations commonly list them. */
export const INTAKE_REFUSAL_GROUNDS: RefusalGroundEntry[] = [
  {
    value: 'not_competent',
    name: 'Заявление подано в орган, в полномочия которого не входит согласование архитектурно-градостроительного облика объекта',
    legalBasis: INTAKE_LIST,
  },
  {
    value: 'incomplete_set',
    name: 'Представлен неполный комплект документов, обязательных для представления заявителем',
    legalBasis: INTAKE_LIST,
  },
  {
    value: 'erasures',
    name: 'Документы содержат подчистки и исправления текста, не заверенные в установленном законодательством порядке',
    legalBasis: INTAKE_LIST,
  },
  {
    value: 'damaged',
    name: 'Документы содержат повреждения, наличие которых не позволяет в полном объёме использовать их содержание',
    legalBasis: INTAKE_LIST,
  },
  {
    value: 'invalid_signature',
    name: 'Не соблюдены условия признания действительности усиленной квалифицированной электронной подписи (статья 11 Федерального закона № 63-ФЗ)',
    legalBasis: 'Федеральный закон от 06.04.2011 № 63-ФЗ «Об электронной подписи», статья 11',
  },
];

/** Grounds to refuse the approval (отказ в согласовании архитектурно-градостроительного облика). */
export const REFUSAL_GROUNDS: RefusalGroundEntry[] = [
  {
    value: 'pzz_mismatch',
    name: 'Архитектурно-градостроительный облик не соответствует требованиям, установленным правилами землепользования и застройки',
    legalBasis: REFUSAL_LIST,
  },
  {
    value: 'missing_content',
    name: 'Представленные документы не содержат сведений, необходимых для согласования архитектурно-градостроительного облика объекта',
    legalBasis: REFUSAL_LIST,
  },
  {
    value: 'false_information',
    name: 'Представленные документы содержат недостоверные или противоречивые сведения',
    legalBasis: REFUSAL_LIST,
  },
];
