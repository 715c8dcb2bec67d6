import { describe, expect, it } from 'vitest';
import { guardRedirect } from '../guard.ts';

const companyUser = {
  company: { id: 1, legalEntity: 'ООО «СтройПроект»', state: 'active' as const },
  instance: null,
  isOwner: true,
};
const examiner = { company: null, instance: { id: 1, name: 'Комитет' }, isOwner: false };
const reviewer = {
  company: null,
  instance: { id: 2, name: 'Мосгорнаследие' },
  isOwner: false,
  role: 'reviewer' as const,
};
const nobody = { company: null, instance: null, isOwner: false };

describe('guardRedirect', () => {
  it.each([
    ['anonymous on a company page', '/company', null, '/login'],
    ['anonymous on an instance page', '/instance/news', null, '/login'],
    ['company user on the company list', '/company', companyUser, null],
    ['company user on a filter', '/company/filter/sent', companyUser, null],
    ['company user on a statement', '/statement/info/42', companyUser, null],
    ['company user on employees', '/employees/7/edit', companyUser, null],
    ['company user on an instance page', '/instance/filter/under_review', companyUser, '/company'],
    ['company user on the instance root', '/instance', companyUser, '/company'],
    ['company user on an examiner statement', '/instance/statement/info/5/', companyUser, '/company'],
    ['examiner on an instance page', '/instance/all', examiner, null],
    ['examiner on the company list', '/company', examiner, '/instance/filter/under_review'],
    ['examiner on create statement', '/statement/create', examiner, '/instance/filter/under_review'],
    ['examiner on employees', '/employees/list', examiner, '/instance/filter/under_review'],
    ['examiner on the conclusion requests', '/instance/conclusions', examiner, null],
    ['reviewer on the conclusion requests', '/instance/conclusions/', reviewer, null],
    ['reviewer on an instance page', '/instance/all', reviewer, '/instance/conclusions'],
    ['reviewer on an examiner statement', '/instance/statement/info/5', reviewer, '/instance/conclusions'],
    ['reviewer on the company list', '/company', reviewer, '/instance/conclusions'],
    ['user without a role', '/company', nobody, '/login'],
  ])('%s (%s)', (_name, path, user, expected) => {
    expect(guardRedirect(path, user)).toBe(expected);
  });

  it('does not mistake look-alike paths for an area', () => {
    expect(guardRedirect('/instances', companyUser)).toBeNull();
    expect(guardRedirect('/companyx', examiner)).toBeNull();
  });
});
