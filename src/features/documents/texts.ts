// The document viewer's texts (docs/product.md «Plan review»).
export const viewerTexts = {
  view: 'Просмотр', // e2e
  viewFile: (name: string) => `Просмотр «${name}»`, // e2e
  compare: 'Сравнить с предыдущей версией', // e2e
  compareFile: (name: string) => `Сравнить с предыдущей версией «${name}»`, // e2e
  unavailable: 'Просмотр недоступен: скачайте файл', // e2e
  loadingViewer: 'Открываем просмотр…',
  loading: 'Загрузка документа…',
  pageOf: (page: number, count: number) => `Страница ${page} из ${count}`, // e2e
  pageInput: 'Номер страницы', // e2e
  previous: 'Предыдущая', // e2e
  next: 'Следующая', // e2e
  zoomIn: 'Увеличить', // e2e
  zoomOut: 'Уменьшить', // e2e
  fitWidth: 'По ширине', // e2e
  zoomLevel: (percent: number) => `Масштаб ${percent} %`,
  download: 'Скачать', // e2e
  page: (n: number) => `Страница ${n}`,
  pages: 'Страницы документа',
  sideBySide: 'Рядом', // e2e
  overlay: 'Наложение', // e2e
  previousVersion: 'Предыдущая версия', // e2e
  currentVersion: 'Текущая версия', // e2e
  noDifferences: 'На этой странице отличий нет', // e2e
  differences: (percent: number) => `Отличается ${percent} % площади страницы`, // e2e
  overlayHint: 'Красным отмечено то, что отличается от предыдущей версии',
  pageMissing: 'В предыдущей версии нет этой страницы', // e2e
  addRemark: 'Добавить замечание', // e2e
  placeHint:
    'Щёлкните место на листе или обведите область. С клавиатуры: стрелки двигают перекрестье, Enter ставит замечание, Escape — отмена.',
  crosshair: 'Место замечания',
  pinLabel: (title: string, severity: string, text: string) => `Замечание ${title}, ${severity.toLowerCase()}: ${text}`,
  remarkOnSheet: (title: string) => `Замечание ${title}`,
  keyboardHint: 'PageUp и PageDown листают страницы, + и − меняют масштаб, Escape закрывает просмотр',
} as const;
