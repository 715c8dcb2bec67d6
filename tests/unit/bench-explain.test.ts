import { describe, expect, it } from 'vitest';
import { planProblems } from '../../bench/explain.ts';

describe('planProblems (SQLite EXPLAIN QUERY PLAN)', () => {
  it.each([
    ['SEARCH s USING INDEX statements_company_created_idx (company_id=?)', false, []],
    ['SEARCH c USING INTEGER PRIMARY KEY (rowid=?)', false, []],
    ['SCAN statements', false, ['full scan of statements']],
    ['SCAN statements USING INDEX statements_created_idx', false, ['full index scan of statements']],
    ['SCAN catalog_object_types', false, []],
    ['SEARCH users USING INDEX users_company_idx (company_id=?)\nUSE TEMP B-TREE FOR ORDER BY', false, ['sort']],
  ])('%s', (plan, whole, problems) => {
    expect(planProblems('sqlite', plan, whole)).toEqual(problems);
  });

  it('maps an alias back to its table through the query text', () => {
    const sql = 'select * from "statements" as "s" inner join "companies" as "c" on "c"."id" = "s"."company_id"';
    expect(planProblems('sqlite', 'SCAN s\nSEARCH c USING INTEGER PRIMARY KEY (rowid=?)', false, sql)).toEqual([
      'full scan of statements',
    ]);
    expect(planProblems('sqlite', 'SCAN c', false, sql)).toEqual([]);
  });

  it('accepts reading a whole index when the query asks for every row', () => {
    expect(planProblems('sqlite', 'SCAN statements USING INDEX statements_created_idx', true)).toEqual([]);
    expect(planProblems('sqlite', 'SCAN statements', true)).toEqual(['full scan of statements']);
  });
});

describe('planProblems (PostgreSQL EXPLAIN)', () => {
  it('finds sequential scans of growing tables, sorts and index scans without a condition', () => {
    const plan = [
      'Sort  (cost=10.0..11.0 rows=8 width=664)',
      '  ->  Seq Scan on statements s  (cost=0.00..1.00 rows=8 width=100)',
      '  ->  Seq Scan on companies c  (cost=0.00..1.00 rows=1 width=100)',
    ].join('\n');
    expect(planProblems('postgres', plan)).toEqual(['sort', 'full scan of statements']);
    const ordered = [
      'Index Scan using files_pkey on files  (cost=0.28..764.58 rows=30 width=112)',
      '  Filter: (stage_id = 2)',
    ].join('\n');
    expect(planProblems('postgres', ordered)).toEqual(['full index scan of files']);
    const searched = [
      'Limit  (cost=0.15..12.18 rows=2 width=100)',
      '  ->  Index Scan Backward using notifications_user_created_idx on notifications  (cost=0.15..12.18 rows=2)',
      '        Index Cond: (user_id = 1)',
    ].join('\n');
    expect(planProblems('postgres', searched)).toEqual([]);
  });
});
