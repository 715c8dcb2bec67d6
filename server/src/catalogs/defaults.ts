import type { CatalogEntry } from './catalogs.repository.ts';

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
