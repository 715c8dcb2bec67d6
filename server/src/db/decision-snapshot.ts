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
