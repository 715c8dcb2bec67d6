// The approved set on both details (docs/product.md «The approved set»).
import { pluralForm } from '#domain/russian.ts';

export const approvedSetTexts = {
  title: 'Согласованный комплект',
  intro: 'Копии документов со штампом «СОГЛАСОВАНО» и номером свидетельства на каждом листе.',
  downloadAll: 'Скачать комплект',
  downloadFailed: 'Не удалось скачать комплект',
  inventory: 'Опись согласованного комплекта',
  awaitingSignature:
    'Комплект ждёт подписи описи: компания и страница проверки свидетельства получат его, когда эксперт, согласовавший заявление, подпишет опись.', // e2e
  awaitingHeadSignature:
    'Комплект ждёт подписи описи. Эксперт, согласовавший заявление, деактивирован: опись подписывает руководитель отдела, после этого компания и страница проверки свидетельства получат комплект.',
  pages: (count: number) => `${count} ${pluralForm(count, ['лист', 'листа', 'листов'])}`,
  notStamped: 'Без штампа (не вошли в комплект)',
};

/** The approval dialog's choice of the stamp's corner per document. */
export const stampCornerTexts = {
  title: 'Штамп «СОГЛАСОВАНО»', // e2e
  hint: 'Штамп ставится на каждый лист согласованного комплекта, в 10 мм от краёв. Выберите угол, если правый нижний занят.',
  corners: {
    'bottom-right': 'Правый нижний',
    'bottom-left': 'Левый нижний',
    'top-right': 'Правый верхний',
    'top-left': 'Левый верхний',
  },
  preview: (fileName: string) => `Первый лист «${fileName}» с местом штампа`,
  unstamped: 'Без штампа (не войдут в комплект, согласованию это не мешает):', // e2e
} as const;
