// The approved set on both details (docs/product.md «The approved set»).
import { pluralForm } from '#domain/russian.ts';

export const approvedSetTexts = {
  title: 'Согласованный комплект',
  intro: 'Копии документов со штампом «СОГЛАСОВАНО» и номером свидетельства на каждом листе.',
  downloadAll: 'Скачать комплект',
  downloadFailed: 'Не удалось скачать комплект',
  inventory: 'Опись согласованного комплекта',
  pages: (count: number) => `${count} ${pluralForm(count, ['лист', 'листа', 'листов'])}`,
  notStamped: 'Без штампа (не вошли в комплект)',
};
