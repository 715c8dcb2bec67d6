/**
 * What a decision snapshot keeps: the columns of `decision_snapshots` read back by the statement's decision and by
 * the corrected certificate (docs/product.md «The regulation's procedures»: a decision keeps its data as it was).
 */
export const DECISION_FACTS = [
  'statement_id',
  'object_name',
  'address',
  'cadastral_number',
  'company_name',
  'company_inn',
  'company_kpp',
  'company_ogrn',
  'examiner_fio',
  'committee',
] as const;

// What the public register's search looks in (docs/product.md «The public register»): folded once when a decision or
// a corrected certificate is written, so a search is one condition in SQL over one column, on both databases.

/** Lower case, ё as е, single spaces: how the search compares text (the stored side and the searched text alike). */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').replace(/\s+/gu, ' ').trim();
}

/** The values of an entry the search finds it by. */
export interface SearchedValues {
  visibleId: number;
  address: string | null;
  cadastralNumber: string | null;
  companyName: string | null;
  companyInn: string | null;
}

/**
 * An entry's number, address, cadastral number, company and ИНН, folded, one per line: a searched text (single
 * spaces, no line break) never matches across two of them.
 */
export function registrySearchText(values: SearchedValues): string {
  return [String(values.visibleId), values.address, values.cadastralNumber, values.companyName, values.companyInn]
    .filter((value): value is string => value !== null && value !== '')
    .map(foldForSearch)
    .join('\n');
}
