// Russian texts of the remarks both sides show (docs/product.md «Remarks»); the examiner's editing has its own
// (editing-texts.ts), so the company's pages never load them.

/** Texts of the remarks both sides show: 'Замечания' of a statement detail, the list tag, the version's answers. */
export const remarkTexts = {
  remarks: 'Замечания', // e2e
  noRemarks: 'Замечаний нет',
  remarksLoadFailed: 'Не удалось загрузить замечания',
  answer: 'Ответ заявителя',
  answerMeta: (author: string | null, at: string) => (author ? `${author} · ${at}` : at),
  resolution: 'Решение эксперта',
  byDecision: 'Закрыто решением по заявлению',
  showOnSheet: 'Показать на листе', // e2e
  /** A reviewing body's proposal (with who pinned it while it is one), for the committee. */
  proposedBy: (body: string, author: string | null) => `Предложено: ${body}${author ? `, ${author}` : ''}`,
  letter: 'Перечень замечаний', // e2e
  openRequired: (count: number) => `Неснятых обязательных замечаний: ${count}`, // e2e
  letterFailed: 'Не удалось сформировать перечень замечаний',
  /** The new version's answers to the remarks. */
  answersLegend: 'Ответы на замечания',
  answerLabel: (number: number, optional: boolean) =>
    `Ответ на замечание № ${number}${optional ? ' (необязательно)' : ''}`, // e2e
} as const;
