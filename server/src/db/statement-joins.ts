import type { Db } from './database.ts';

// The join every read of a statement with its names starts from: the statements area's lists and detail, and
// workflow's decision snapshot.

/** Statements joined with their company, catalogue entries, examiner and the examiner's instance. */
export function joinedStatements(db: Db) {
  return db
    .selectFrom('statements as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .leftJoin('catalog_object_types as category', 'category.id', 's.category_object_id')
    .leftJoin('catalog_work_types as work', 'work.id', 's.work_type_id')
    .leftJoin('users as examiner', 'examiner.id', 's.examiner_id')
    .leftJoin('instances as instance', 'instance.id', 'examiner.instance_id');
}
