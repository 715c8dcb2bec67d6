import type { StatementStatus } from '#domain/contract.ts';

/**
 * Who may call what: endpoint x caller -> expected status. Deny by default: every registered route needs a row
 * (access.test.ts fails otherwise). Callers: anonymous, owner and employee of company A, a removed (soft-deleted)
 * employee of A whose tokens were issued before removal, owner of company B, examiners 1 and 2, the head. Ids in paths
 * point at company A's first statement / employee where relevant. A contract operation without a handler answers
 * 501 from inside its role's scope (none is left today). OBJECT_MATRIX adds, for the routes that act on one
 * statement, the expected status per status of that statement.
 */
export type Caller =
  | 'anonymous'
  | 'ownerA'
  | 'employeeA'
  | 'removedEmployeeA'
  | 'ownerB'
  | 'examiner1'
  | 'examiner2'
  | 'head';

export const CALLERS: readonly Caller[] = [
  'anonymous',
  'ownerA',
  'employeeA',
  'removedEmployeeA',
  'ownerB',
  'examiner1',
  'examiner2',
  'head',
];

export interface AccessRow {
  method: string;
  /** Fastify route pattern as registered. */
  route: string;
  /** A concrete URL to call. */
  url: string;
  body?: unknown | ((caller: Caller) => unknown);
  expect: Record<Caller, number>;
  /** What the owner of a pending company (registered, not confirmed) gets where it differs from company B's owner. */
  pendingOwner?: number;
  /** An answer that stays open (the event stream): its status is read, then the connection is dropped. */
  stream?: true;
}

/** Everybody signed in gets `status`; the anonymous caller and a removed employee (dead tokens) get `anonymous`. */
const all = (status: number, anonymous = 401): Record<Caller, number> => ({
  anonymous,
  removedEmployeeA: anonymous,
  ownerA: status,
  employeeA: status,
  ownerB: status,
  examiner1: status,
  examiner2: status,
  head: status,
});

/** A company's answer (status for company A's users, another for company B), examiners refused by the guard. */
const company = (a: number, b: number): Record<Caller, number> => ({
  anonymous: 401,
  removedEmployeeA: 401,
  ownerA: a,
  employeeA: a,
  ownerB: b,
  examiner1: 403,
  examiner2: 403,
  head: 403,
});
/** Instance routes sit behind the examiner guard: company users get 403 before anything else. */
const examiners = (status: number): Record<Caller, number> => ({
  ...all(status),
  ownerA: 403,
  employeeA: 403,
  ownerB: 403,
});
/** Routes of the committee's head (docs/product.md «Permissions»): the head gets `status`, every other examiner 403 from `requireHead`. */
const heads = (status: number): Record<Caller, number> => ({ ...examiners(403), head: status });

export const ACCESS_MATRIX: AccessRow[] = [
  { method: 'GET', route: '/version.json', url: '/version.json', expect: all(200, 200) },
  { method: 'GET', route: '/api/health', url: '/api/health', expect: all(200, 200) },
  { method: 'GET', route: '/api/health/ready', url: '/api/health/ready', expect: all(200, 200) },
  // Authentication calls are open by design; their own rules are tested in authentication.test.ts.
  {
    method: 'POST',
    route: '/api/authentication/start-email-login',
    url: '/api/authentication/start-email-login',
    body: (caller: Caller) => ({ email: `${caller}@example.org` }),
    expect: all(204, 204),
  },
  {
    method: 'POST',
    route: '/api/authentication/verify-email-login',
    url: '/api/authentication/verify-email-login',
    body: { email: 'nobody@example.org', code: '000000' },
    expect: all(401, 401),
  },
  // Registration is open by design too (docs/product.md «Registration»): the same 202 for every address; a code
  // of no attempt registers nobody. Its own rules are tested in registration.test.ts.
  {
    method: 'POST',
    route: '/api/registrations/start',
    url: '/api/registrations/start',
    body: (caller: Caller) => ({ email: `${caller}-registers@example.org` }),
    expect: all(202, 202),
  },
  {
    method: 'POST',
    route: '/api/registrations',
    url: '/api/registrations',
    body: {
      email: 'nobody@example.org',
      code: '000000',
      legalEntity: 'ООО «Никто»',
      inn: '7703004442',
      kpp: '770301001',
      ogrn: '1027700444441',
      legalAddress: 'г. Москва',
      fio: 'Никто Никтович',
      position: 'Директор',
      phone: '+7 900 000-00-00',
      consentVersion: '1',
    },
    expect: all(401, 401),
  },
  { method: 'POST', route: '/api/authentication/refresh', url: '/api/authentication/refresh', expect: all(401, 401) },
  { method: 'GET', route: '/api/authentication/refresh', url: '/api/authentication/refresh', expect: all(405, 405) },
  { method: 'POST', route: '/api/authentication/logout', url: '/api/authentication/logout', expect: all(204, 204) },
  { method: 'GET', route: '/api/authentication/logout', url: '/api/authentication/logout', expect: all(405, 405) },
  { method: 'GET', route: '/api/users/me', url: '/api/users/me', expect: all(200) },
  { method: 'GET', route: '/api/users/me/counters', url: '/api/users/me/counters', expect: all(200) },
  { method: 'GET', route: '/api/catalogObjectTypes', url: '/api/catalogObjectTypes', expect: all(200) },
  { method: 'GET', route: '/api/catalogWorkType', url: '/api/catalogWorkType', expect: all(200) },
  {
    method: 'GET',
    route: '/api/catalogs/intake-refusal-grounds',
    url: '/api/catalogs/intake-refusal-grounds',
    expect: all(200),
  },
  { method: 'GET', route: '/api/catalogs/refusal-grounds', url: '/api/catalogs/refusal-grounds', expect: all(200) },
  { method: 'GET', route: '/api/statements', url: '/api/statements', expect: company(200, 200) },
  {
    method: 'POST',
    route: '/api/statements',
    url: '/api/statements',
    body: { objectName: 'Дом', prefileIds: [1] },
    expect: company(400, 400),
  },
  { method: 'GET', route: '/api/statements/:id', url: '/api/statements/1', expect: company(200, 404) },
  { method: 'DELETE', route: '/api/statements/:id', url: '/api/statements/2', expect: company(409, 404) },
  {
    method: 'POST',
    route: '/api/statements/:id/stages',
    url: '/api/statements/1/stages',
    body: { prefileIds: [1], status: 'under_review' },
    expect: company(409, 404),
  },
  // Demo statement 4 is approved (employee A submitted it): nothing is withdrawn after a decision.
  {
    method: 'POST',
    route: '/api/statements/:id/withdraw',
    url: '/api/statements/4/withdraw',
    body: { reason: null },
    expect: company(409, 404),
  },
  { method: 'GET', route: '/api/instance/me/statements', url: '/api/instance/me/statements', expect: examiners(200) },
  { method: 'GET', route: '/api/instance/all/statements', url: '/api/instance/all/statements', expect: examiners(200) },
  { method: 'GET', route: '/api/instance/team', url: '/api/instance/team', expect: heads(200) },
  // The committee's administration (docs/product.md «Administration»), heads only. The rows change nothing: every
  // write is refused (a bad body, an id of nothing) after the guard; the writes themselves: administration.test.ts.
  { method: 'GET', route: '/api/admin/examiners', url: '/api/admin/examiners', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/examiners',
    url: '/api/admin/examiners',
    body: { email: 'not-an-email', fio: 'Эксперт Матрицы' },
    expect: heads(400),
  },
  {
    method: 'PATCH',
    route: '/api/admin/examiners/:id',
    url: '/api/admin/examiners/999999',
    body: { phone: null },
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/examiners/:id/deactivate',
    url: '/api/admin/examiners/999999/deactivate',
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/examiners/:id/reactivate',
    url: '/api/admin/examiners/999999/reactivate',
    expect: heads(404),
  },
  { method: 'GET', route: '/api/admin/catalogs/:kind', url: '/api/admin/catalogs/work-types', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/catalogs/:kind',
    url: '/api/admin/catalogs/refusal-grounds',
    body: { name: 'Основание без правового основания', legalBasis: null },
    expect: heads(400),
  },
  {
    method: 'PATCH',
    route: '/api/admin/catalogs/:kind/:itemId',
    url: '/api/admin/catalogs/object-categories/999999',
    body: { name: 'Категория' },
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/catalogs/:kind/:itemId/retire',
    url: '/api/admin/catalogs/intake-grounds/999999/retire',
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/catalogs/:kind/:itemId/restore',
    url: '/api/admin/catalogs/work-types/999999/restore',
    expect: heads(404),
  },
  { method: 'GET', route: '/api/admin/remark-templates', url: '/api/admin/remark-templates', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/remark-templates',
    url: '/api/admin/remark-templates',
    body: { text: '   ', severity: 'advisory' },
    expect: heads(400),
  },
  {
    method: 'PATCH',
    route: '/api/admin/remark-templates/:id',
    url: '/api/admin/remark-templates/999999',
    body: { severity: 'required' },
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/remark-templates/:id/retire',
    url: '/api/admin/remark-templates/999999/retire',
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/remark-templates/:id/restore',
    url: '/api/admin/remark-templates/999999/restore',
    expect: heads(404),
  },
  { method: 'GET', route: '/api/admin/calendar', url: '/api/admin/calendar', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/calendar/:year/preview',
    url: '/api/admin/calendar/2027/preview',
    // A preview changes nothing; 2027 by Labour Code art. 112 alone is a whole valid year.
    body: {
      text: 'нерабочие: 2027-01-01..2027-01-08, 2027-02-23, 2027-03-08, 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04',
    },
    expect: heads(200),
  },
  {
    method: 'POST',
    route: '/api/admin/calendar/:year',
    url: '/api/admin/calendar/2027',
    body: { text: 'нерабочие: 2027-01-01' },
    expect: heads(400),
  },
  { method: 'GET', route: '/api/admin/log', url: '/api/admin/log', expect: heads(200) },
  // The consent and the policy as templates a head publishes (docs/product.md «Personal data»): an empty one is 400.
  {
    method: 'GET',
    route: '/api/admin/personal-data/:kind',
    url: '/api/admin/personal-data/consent',
    expect: heads(200),
  },
  {
    method: 'POST',
    route: '/api/admin/personal-data/:kind',
    url: '/api/admin/personal-data/privacy',
    body: { template: '', expectedVersion: '1' },
    expect: heads(400),
  },
  // The log of reads of personal data (docs/product.md «Personal data»): heads read it; no route writes or changes it
  // but the reads themselves, and the site's record of an export it makes (examiners).
  {
    method: 'GET',
    route: '/api/admin/personal-data-access',
    url: '/api/admin/personal-data-access',
    expect: heads(200),
  },
  {
    method: 'POST',
    route: '/api/instance/personal-data-access/exports',
    url: '/api/instance/personal-data-access/exports',
    body: { what: 'statements', rows: 3 },
    expect: examiners(204),
  },
  // A person's request about their personal data: heads only; an unknown person or request is 404.
  {
    method: 'GET',
    route: '/api/admin/subject-requests/people',
    url: '/api/admin/subject-requests/people?query=owner%40demo.example',
    expect: heads(200),
  },
  { method: 'GET', route: '/api/admin/subject-requests', url: '/api/admin/subject-requests', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/subject-requests',
    url: '/api/admin/subject-requests',
    body: { personId: 999999, requester: 'Письмо субъекта' },
    expect: heads(404),
  },
  {
    method: 'GET',
    route: '/api/admin/subject-requests/:id/answer',
    url: '/api/admin/subject-requests/999999/answer',
    expect: heads(404),
  },
  // A withdrawal of consent a head records: heads only; an unknown person is 404.
  {
    method: 'POST',
    route: '/api/admin/users/:id/consent-withdrawal',
    url: '/api/admin/users/999999/consent-withdrawal',
    body: { via: 'post' },
    expect: heads(404),
  },
  // Acts of destruction of personal data: heads only; an unknown act is 404.
  { method: 'GET', route: '/api/admin/destruction-acts', url: '/api/admin/destruction-acts', expect: heads(200) },
  {
    method: 'GET',
    route: '/api/admin/destruction-acts/:id/pdf',
    url: '/api/admin/destruction-acts/999999/pdf',
    expect: heads(404),
  },
  // Registrations waiting for a head (docs/product.md «Registration»): a decision on no registration is 404.
  { method: 'GET', route: '/api/admin/registrations', url: '/api/admin/registrations', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/registrations/:companyId/decision',
    url: '/api/admin/registrations/999999/decision',
    body: { approve: true, reason: null },
    expect: heads(404),
  },
  // Remark templates in the examiner's remark form: every examiner reads them and saves their own remark as one.
  {
    method: 'GET',
    route: '/api/instance/remark-templates',
    url: '/api/instance/remark-templates?query=%D1%84%D0%B0%D1%81%D0%B0%D0%B4',
    expect: examiners(200),
  },
  {
    method: 'POST',
    route: '/api/instance/remark-templates',
    url: '/api/instance/remark-templates',
    body: { text: '   ', severity: 'required' },
    expect: examiners(400),
  },
  { method: 'GET', route: '/api/instance/statements/:id', url: '/api/instance/statements/1', expect: examiners(200) },
  {
    method: 'POST',
    route: '/api/instance/:id/stages',
    url: '/api/instance/1/stages',
    // Statement 1 is still `sent`: nobody can answer it yet.
    body: { prefileIds: [], status: 'has_comments', isInstance: true },
    expect: examiners(409),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/refuse-acceptance',
    url: '/api/instance/statements/1/refuse-acceptance',
    // No ground: refused before anything is stored, so statement 1 stays `sent`.
    body: { groundIds: [], comment: null },
    expect: examiners(400),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/assign',
    url: '/api/instance/statements/1/assign',
    // No such examiner: refused before anything is stored, so statement 1 stays `sent`.
    body: { examinerId: 999_999, comment: null },
    expect: heads(400),
  },
  // Remarks (docs/product.md «Remarks»): statement 1 is `sent`, so no remark is written; remark 999999 is missing.
  {
    method: 'GET',
    route: '/api/instance/statements/:id/remarks',
    url: '/api/instance/statements/1/remarks',
    expect: examiners(200),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/remarks',
    url: '/api/instance/statements/1/remarks',
    body: { text: 'Замечание', severity: 'required', pin: null },
    expect: examiners(409),
  },
  {
    method: 'PUT',
    route: '/api/instance/remarks/:remarkId',
    url: '/api/instance/remarks/999999',
    body: { text: 'Замечание', severity: 'required', pin: null },
    expect: examiners(404),
  },
  {
    method: 'DELETE',
    route: '/api/instance/remarks/:remarkId',
    url: '/api/instance/remarks/999999',
    expect: examiners(404),
  },
  {
    method: 'POST',
    route: '/api/instance/remarks/:remarkId/resolution',
    url: '/api/instance/remarks/999999/resolution',
    body: { resolved: true, note: null },
    expect: examiners(404),
  },
  { method: 'GET', route: '/api/statements/:id/remarks', url: '/api/statements/1/remarks', expect: company(200, 404) },
  // Corrections of an issued certificate: statement 1 is `sent` (nothing to correct); correction 999999 is missing.
  {
    method: 'POST',
    route: '/api/statements/:id/corrections',
    url: '/api/statements/1/corrections',
    body: { text: 'Опечатка в адресе' },
    expect: company(409, 404),
  },
  {
    method: 'POST',
    route: '/api/instance/corrections/:id/decision',
    url: '/api/instance/corrections/999999/decision',
    body: { accept: false, note: 'Ошибки нет', prefileIds: [] },
    expect: examiners(404),
  },
  // Appeals (docs/product.md «Appeals»): statement 1 is `sent` with its terms running, so nothing is appealable (400
  // naming `subject`); appeal 999999 is missing. The register and decisions are the head's.
  {
    method: 'POST',
    route: '/api/statements/:id/appeals',
    url: '/api/statements/1/appeals',
    body: { subject: 'decision_refusal', text: 'Не согласны с отказом', prefileIds: [] },
    expect: company(400, 404),
  },
  { method: 'GET', route: '/api/instance/appeals', url: '/api/instance/appeals', expect: heads(200) },
  // Conclusions of reviewing bodies (docs/product.md «Conclusions»): a request's own rules in conclusions.test.ts.
  { method: 'GET', route: '/api/instance/conclusions', url: '/api/instance/conclusions', expect: examiners(200) },
  {
    method: 'POST',
    route: '/api/instance/conclusions/:id/answer',
    url: '/api/instance/conclusions/999999/answer',
    body: { verdict: 'agreed', prefileIds: [] },
    expect: all(404),
  },
  // A body's proposed remarks: request 999999 is missing for everybody (company users are told so too).
  {
    method: 'GET',
    route: '/api/instance/conclusions/:id/remarks',
    url: '/api/instance/conclusions/999999/remarks',
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/instance/conclusions/:id/remarks',
    url: '/api/instance/conclusions/999999/remarks',
    body: { text: 'Замечание', severity: 'required', pin: null },
    expect: all(404),
  },
  {
    method: 'DELETE',
    route: '/api/instance/conclusions/:id/remarks/:remarkId',
    url: '/api/instance/conclusions/999999/remarks/999999',
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/instance/remarks/:remarkId/adoption',
    url: '/api/instance/remarks/999999/adoption',
    expect: examiners(404),
  },
  {
    method: 'POST',
    route: '/api/instance/conclusions/:id/withdraw',
    url: '/api/instance/conclusions/999999/withdraw',
    body: { reason: 'Вопрос снят' },
    expect: examiners(404),
  },
  { method: 'GET', route: '/api/instance/review-bodies', url: '/api/instance/review-bodies', expect: examiners(200) },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/conclusions',
    url: '/api/instance/statements/999999/conclusions',
    body: { bodyIds: [1], question: 'Согласуете?' },
    expect: examiners(404),
  },
  { method: 'GET', route: '/api/admin/review-bodies', url: '/api/admin/review-bodies', expect: heads(200) },
  {
    method: 'POST',
    route: '/api/admin/review-bodies',
    url: '/api/admin/review-bodies',
    body: { name: 'Отдел из матрицы доступа', kind: 'department', termDays: 5 },
    expect: heads(201),
  },
  {
    method: 'PATCH',
    route: '/api/admin/review-bodies/:id',
    url: '/api/admin/review-bodies/999999',
    body: { termDays: 5 },
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/admin/review-bodies/:id/members',
    url: '/api/admin/review-bodies/999999/members',
    body: { email: 'member@example.org', fio: 'Участник' },
    expect: heads(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/review-bodies/:id/members/:userId',
    url: '/api/admin/review-bodies/999999/members/1',
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/instance/appeals/:id/decision',
    url: '/api/instance/appeals/999999/decision',
    body: { upheld: false, text: 'Отказ обоснован' },
    expect: heads(404),
  },
  {
    method: 'POST',
    route: '/api/instance/StartWorkOnStatement',
    url: '/api/instance/StartWorkOnStatement',
    // A missing id, so the matrix takes nothing into work.
    body: { id: 999999 },
    expect: examiners(404),
  },
  { method: 'POST', route: '/api/prefiles', url: '/api/prefiles', expect: all(400) },
  { method: 'DELETE', route: '/api/prefiles/:id', url: '/api/prefiles/1', expect: { ...all(404), ownerA: 409 } },
  { method: 'GET', route: '/api/employees', url: '/api/employees', expect: company(200, 200) },
  // Changes are the owner's: an employee is refused before the body is read. The bodies here are invalid (a name
  // of spaces) and the removal targets the owner, so the matrix changes nobody.
  {
    method: 'POST',
    route: '/api/employees',
    url: '/api/employees',
    body: { fio: ' ' },
    expect: { ...company(400, 400), employeeA: 403 },
  },
  { method: 'GET', route: '/api/employees/:id', url: '/api/employees/2', expect: company(200, 404) },
  {
    method: 'PUT',
    route: '/api/employees/:id',
    url: '/api/employees/2',
    body: { fio: ' ' },
    expect: { ...company(400, 400), employeeA: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/employees/:id',
    url: '/api/employees/1',
    expect: { ...company(403, 404), employeeA: 403 },
  },
  { method: 'GET', route: '/api/companies/me', url: '/api/companies/me', expect: company(200, 200) },
  {
    method: 'PUT',
    route: '/api/companies/me',
    url: '/api/companies/me',
    body: { legalEntity: ' ' },
    expect: { ...company(400, 400), employeeA: 403 },
  },
  // Powers of attorney (docs/product.md «Powers of attorney»): a company's users list and add, its owner revokes; the
  // committee side reads one and records the registry's word. The rows change nothing (ids of nothing).
  // A company user consents to the current consent (docs/product.md «Personal data»); the committee's staff do not.
  {
    method: 'POST',
    route: '/api/users/me/consent',
    url: '/api/users/me/consent',
    body: { consentVersion: '1' },
    expect: company(200, 200),
  },
  // Its withdrawal: unconfirmed, a company user's is 400 (nothing changes); the committee's staff have none to withdraw.
  {
    method: 'POST',
    route: '/api/users/me/consent/withdrawal',
    url: '/api/users/me/consent/withdrawal',
    body: { confirm: false },
    expect: company(400, 400),
  },
  // A registration confirmed by the head's signature: the owner's, of a registration still waiting (a company the
  // console made never registered: 404); the pending owner gets the statement, and 400 for uploads not theirs.
  {
    method: 'GET',
    route: '/api/registrations/me/statement',
    url: '/api/registrations/me/statement',
    expect: { ...company(404, 404), employeeA: 403 },
    pendingOwner: 200,
  },
  {
    method: 'POST',
    route: '/api/registrations/me/confirmation',
    url: '/api/registrations/me/confirmation',
    body: { prefileIds: [999999] },
    expect: { ...company(404, 404), employeeA: 403 },
    pendingOwner: 400,
  },
  {
    method: 'GET',
    route: '/api/companies/me/powers-of-attorney',
    url: '/api/companies/me/powers-of-attorney',
    expect: company(200, 200),
  },
  {
    method: 'POST',
    route: '/api/companies/me/powers-of-attorney',
    url: '/api/companies/me/powers-of-attorney',
    body: { prefileIds: [999998, 999999] },
    expect: company(400, 400),
  },
  {
    method: 'POST',
    route: '/api/companies/me/powers-of-attorney/:id/revoke',
    url: '/api/companies/me/powers-of-attorney/999999/revoke',
    body: { reason: 'Сотрудник уволен' },
    expect: { ...company(404, 404), employeeA: 403 },
  },
  {
    method: 'GET',
    route: '/api/instance/powers-of-attorney/:id',
    url: '/api/instance/powers-of-attorney/999999',
    expect: examiners(404),
  },
  {
    method: 'POST',
    route: '/api/instance/powers-of-attorney/:id/registry-check',
    url: '/api/instance/powers-of-attorney/999999/registry-check',
    body: { revoked: false, note: null },
    expect: examiners(404),
  },
  { method: 'GET', route: '/api/notifications', url: '/api/notifications', expect: all(200) },
  // Every signed-in user has a stream; what it carries is each reader's own (events.test.ts).
  { method: 'GET', route: '/api/events', url: '/api/events', expect: all(200), stream: true },
  { method: 'GET', route: '/api/instance/me', url: '/api/instance/me', expect: examiners(200) },
  {
    method: 'GET',
    route: '/api/instance/reports',
    url: '/api/instance/reports?from=2026-10-01&to=2026-12-31',
    expect: heads(200),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/certificate',
    url: '/api/instance/statements/1/certificate',
    // Statement 1 is still `sent`: no certificate yet, so the matrix issues no token.
    expect: examiners(409),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/certificate/file',
    url: '/api/instance/statements/1/certificate/file',
    body: { prefileId: 1 },
    // Statement 1 is still `sent`: there is no approval to attach a certificate to.
    expect: examiners(409),
  },
  // Public by design: an unknown token is the same 404 for everyone, signed in or not.
  {
    method: 'GET',
    route: '/api/public/certificates/:token',
    url: '/api/public/certificates/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    expect: all(404, 404),
  },
  // The public register of decisions and its open data: the same for everyone, signed in or not.
  // The consent and the policy of processing personal data are published for everyone.
  { method: 'GET', route: '/api/public/consent', url: '/api/public/consent', expect: all(200, 200) },
  { method: 'GET', route: '/api/public/privacy', url: '/api/public/privacy', expect: all(200, 200) },
  { method: 'GET', route: '/api/public/registry', url: '/api/public/registry?pageSize=5', expect: all(200, 200) },
  { method: 'GET', route: '/api/public/registry/facets', url: '/api/public/registry/facets', expect: all(200, 200) },
  { method: 'GET', route: '/api/public/registry.csv', url: '/api/public/registry.csv', expect: all(200, 200) },
  { method: 'GET', route: '/api/public/registry.json', url: '/api/public/registry.json', expect: all(200, 200) },
  // The status check by number and ИНН: an absent number is the same 404 for everyone (8 callers, under its limits).
  {
    method: 'POST',
    route: '/api/public/statement-status',
    url: '/api/public/statement-status',
    body: { visibleId: 987654321, inn: '7700000000' },
    expect: all(404, 404),
  },
  // The signed certificate: only a signed approval's, the same 404 as an unknown token otherwise. Its signature file
  // is not public: no such part.
  {
    method: 'GET',
    route: '/api/public/certificates/:token/signed/:part',
    url: '/api/public/certificates/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/signed/document',
    expect: all(404, 404),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/files/:fileId/signature',
    url: '/api/instance/statements/1/files/999999/signature',
    // No such decision document: examiners get 404 before any upload is looked at (signed-uploads.test.ts signs).
    body: { prefileId: 1 },
    expect: examiners(404),
  },
  {
    method: 'PUT',
    route: '/api/instance/me',
    url: '/api/instance/me',
    // A name of spaces is refused, so the matrix renames nobody.
    body: { contactFio: '   ' },
    expect: examiners(400),
  },
  { method: 'GET', route: '/api/files', url: '/api/files?path=abc', expect: all(404) },
  { method: 'GET', route: '/files/:key', url: '/files/abc', expect: all(404) },
  // No statement has a set here: the same 404 for everyone signed in (approved-sets.test.ts downloads one).
  { method: 'GET', route: '/api/approved-sets/:id/zip', url: '/api/approved-sets/999999/zip', expect: all(404) },
  {
    method: 'GET',
    route: '/api/instance/statements/:id/not-stamped',
    url: '/api/instance/statements/999999/not-stamped',
    expect: examiners(404),
  },
];

/** A statement of company A made for one cell: its id and the storage key of one of its files. */
export interface MatrixObject {
  id: number;
  fileKey: string;
  /**
   * Examiner 1's remark № 1, published with a rework: `open` in `has_comments`, answered with the new version in
   * `under_review` and after the decision; none while `sent`.
   */
  remarkId: number | null;
  /** Examiner 1's draft remark (`under_review` only). */
  draftId: number | null;
  /** Employee A's requested correction of the certificate (`approved` only). */
  correctionId?: number | null;
  /** A ground of the intake catalogue, for a refusal to accept. */
  intakeGroundId?: number;
  /** Examiner 2, whom the head assigns the statement to. */
  examiner2Id?: number;
}

/** A remark id that does not exist, for objects without that remark. */
const NO_REMARK = 999_999;
const REMARK_BODY = { text: 'Уточните отметки кровли', severity: 'required', pin: null };

export interface ObjectRow {
  method: string;
  route: string;
  url: (object: MatrixObject) => string;
  /** `prefileId`: a fresh prefile of the caller's own (null for callers who cannot upload). */
  body?: (object: MatrixObject, prefileId: number | null) => unknown;
  /** Request headers besides the caller's token (a `Range`). */
  headers?: Record<string, string>;
  /** Changes the statement when allowed: every cell then gets a statement of its own. */
  mutates: boolean;
  /**
   * The approved statement of its own comes without the open correction request the others carry (for answering
   * it): one request waits at a time, so a new one is refused beside it.
   */
  noOpenCorrection?: true;
  expect: (status: StatementStatus) => Record<Caller, number>;
}

/**
 * The statuses an object of A's is checked in (`under_review` and later: assigned to examiner 1, who refused to accept
 * the `not_accepted` one; the `withdrawn` one was withdrawn in rework).
 */
export const OBJECT_STATUSES: readonly StatementStatus[] = [
  'sent',
  'under_review',
  'has_comments',
  'approved',
  'rejected',
  'not_accepted',
  'withdrawn',
];

/** The statuses the applicant may withdraw from (docs/product.md «The regulation's procedures»). */
const WITHDRAWABLE: readonly StatementStatus[] = ['sent', 'under_review', 'has_comments'];

/** Statuses whose object has no published remark: refused before anyone took it, or never taken. */
const NO_PUBLISHED_REMARK: readonly StatementStatus[] = ['sent', 'not_accepted'];

/** Examiner 1 (assigned) gets `assigned`, examiner 2 `other`; company users are refused by the guard. */
const assignedExaminer = (assigned: number, other: number): Record<Caller, number> => ({
  ...examiners(assigned),
  examiner2: other,
  head: other,
});

/** The routes that act on one statement of A, by the statement's status. */
export const OBJECT_MATRIX: ObjectRow[] = [
  {
    method: 'GET',
    route: '/api/statements/:id',
    url: (o) => `/api/statements/${o.id}`,
    mutates: false,
    expect: () => company(200, 404),
  },
  {
    method: 'DELETE',
    route: '/api/statements/:id',
    url: (o) => `/api/statements/${o.id}`,
    mutates: true,
    // The employee submitted it: they and the owner may delete it while nobody took it.
    expect: (status) => company(status === 'sent' ? 204 : 409, 404),
  },
  {
    method: 'POST',
    route: '/api/statements/:id/stages',
    url: (o) => `/api/statements/${o.id}/stages`,
    body: (o, prefileId) => ({
      status: 'under_review',
      comment: 'Исправлено',
      prefileIds: prefileId ? [prefileId] : [],
      answers: o.remarkId ? [{ remarkId: o.remarkId, text: 'Исправлено' }] : [],
    }),
    mutates: true,
    expect: (status) => company(status === 'has_comments' ? 201 : 409, 404),
  },
  {
    method: 'GET',
    route: '/api/instance/statements/:id',
    url: (o) => `/api/instance/statements/${o.id}`,
    mutates: false,
    expect: () => examiners(200),
  },
  {
    method: 'POST',
    route: '/api/instance/StartWorkOnStatement',
    url: () => '/api/instance/StartWorkOnStatement',
    body: (o) => ({ id: o.id }),
    mutates: true,
    expect: (status) => examiners(status === 'sent' ? 200 : 409),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/refuse-acceptance',
    url: (o) => `/api/instance/statements/${o.id}/refuse-acceptance`,
    body: (o) => ({ groundIds: [o.intakeGroundId], comment: 'Неполный комплект' }),
    mutates: true,
    // Any examiner refuses to accept a statement nobody took; after that, 409.
    expect: (status) => examiners(status === 'sent' ? 200 : 409),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/assign',
    url: (o) => `/api/instance/statements/${o.id}/assign`,
    body: (o) => ({ examinerId: o.examiner2Id, comment: 'Перераспределение' }),
    mutates: true,
    // The head assigns a statement nobody took and hands over one in work (examiner 1's); a decided one is final.
    expect: (status) => heads(WITHDRAWABLE.includes(status) ? 200 : 409),
  },
  {
    method: 'POST',
    route: '/api/statements/:id/withdraw',
    url: (o) => `/api/statements/${o.id}/withdraw`,
    body: () => ({ reason: 'Передумали' }),
    mutates: true,
    // Employee A submitted it: they and the owner withdraw it until a decision.
    expect: (status) => company(WITHDRAWABLE.includes(status) ? 200 : 409, 404),
  },
  {
    method: 'POST',
    route: '/api/instance/:id/stages',
    url: (o) => `/api/instance/${o.id}/stages`,
    body: (_o, prefileId) => ({
      status: 'has_comments',
      isInstance: true,
      comment: 'Замечания',
      prefileIds: prefileId ? [prefileId] : [],
    }),
    mutates: true,
    // Only the assigned examiner answers; examiner 2 cannot reply to examiner 1's statement.
    expect: (status) => (status === 'under_review' ? assignedExaminer(201, 403) : examiners(409)),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/certificate',
    url: (o) => `/api/instance/statements/${o.id}/certificate`,
    mutates: true,
    expect: (status) =>
      status === 'under_review' || status === 'approved' ? assignedExaminer(200, 403) : examiners(409),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/certificate/file',
    url: (o) => `/api/instance/statements/${o.id}/certificate/file`,
    body: (_, prefileId) => ({ prefileId: prefileId ?? 1 }),
    mutates: true,
    // Only the approving examiner attaches, and only to an approval without its certificate: these all carry one.
    expect: (status) => (status === 'approved' ? assignedExaminer(409, 403) : examiners(409)),
  },
  {
    method: 'POST',
    route: '/api/statements/:id/corrections',
    url: (o) => `/api/statements/${o.id}/corrections`,
    body: () => ({ text: 'Опечатка в адресе объекта' }),
    mutates: true,
    noOpenCorrection: true,
    // Only an issued certificate is corrected.
    expect: (status) => company(status === 'approved' ? 201 : 409, 404),
  },
  {
    method: 'POST',
    route: '/api/instance/corrections/:id/decision',
    url: (o) => `/api/instance/corrections/${o.correctionId ?? NO_REMARK}/decision`,
    body: () => ({ accept: false, note: 'Ошибки в свидетельстве нет', prefileIds: [] }),
    mutates: true,
    // Only the statement's examiner answers; there is a correction to answer only once approved.
    expect: (status) => (status === 'approved' ? assignedExaminer(200, 403) : examiners(404)),
  },
  {
    method: 'POST',
    route: '/api/statements/:id/appeals',
    url: (o) => `/api/statements/${o.id}/appeals`,
    body: () => ({ subject: 'other', text: 'Не согласны с решением', prefileIds: [] }),
    mutates: true,
    // 'Иное' has a ground once the statement is refused or refused acceptance (its terms run fresh here).
    expect: (status) => company(status === 'rejected' || status === 'not_accepted' ? 201 : 400, 404),
  },
  {
    method: 'GET',
    route: '/api/instance/statements/:id/remarks',
    url: (o) => `/api/instance/statements/${o.id}/remarks`,
    mutates: false,
    expect: () => examiners(200),
  },
  {
    method: 'GET',
    route: '/api/statements/:id/remarks',
    url: (o) => `/api/statements/${o.id}/remarks`,
    mutates: false,
    expect: () => company(200, 404),
  },
  {
    method: 'POST',
    route: '/api/instance/statements/:id/remarks',
    url: (o) => `/api/instance/statements/${o.id}/remarks`,
    body: () => REMARK_BODY,
    mutates: true,
    // Only the assigned examiner writes remarks, only while reviewing.
    expect: (status) => (status === 'under_review' ? assignedExaminer(201, 403) : examiners(409)),
  },
  {
    method: 'PUT',
    route: '/api/instance/remarks/:remarkId',
    url: (o) => `/api/instance/remarks/${o.draftId ?? NO_REMARK}`,
    body: () => REMARK_BODY,
    mutates: true,
    // A draft is its author's alone: another examiner does not even see it.
    expect: (status) => (status === 'under_review' ? assignedExaminer(200, 404) : examiners(404)),
  },
  {
    method: 'DELETE',
    route: '/api/instance/remarks/:remarkId',
    url: (o) => `/api/instance/remarks/${o.draftId ?? NO_REMARK}`,
    mutates: true,
    expect: (status) => (status === 'under_review' ? assignedExaminer(204, 404) : examiners(404)),
  },
  {
    method: 'PUT',
    route: '/api/instance/remarks/:remarkId',
    url: (o) => `/api/instance/remarks/${o.remarkId ?? NO_REMARK}`,
    body: () => REMARK_BODY,
    mutates: true,
    // A published remark is never edited (its number and text went to the applicant).
    expect: (status) =>
      NO_PUBLISHED_REMARK.includes(status)
        ? examiners(404)
        : status === 'under_review'
          ? assignedExaminer(409, 403)
          : examiners(409),
  },
  {
    method: 'DELETE',
    route: '/api/instance/remarks/:remarkId',
    url: (o) => `/api/instance/remarks/${o.remarkId ?? NO_REMARK}`,
    mutates: true,
    expect: (status) =>
      NO_PUBLISHED_REMARK.includes(status)
        ? examiners(404)
        : status === 'under_review'
          ? assignedExaminer(409, 403)
          : examiners(409),
  },
  {
    method: 'POST',
    route: '/api/instance/remarks/:remarkId/resolution',
    url: (o) => `/api/instance/remarks/${o.remarkId ?? NO_REMARK}/resolution`,
    body: () => ({ resolved: true, note: null }),
    mutates: true,
    // The answered remark is resolved by the assigned examiner while reviewing; never after the decision.
    expect: (status) =>
      NO_PUBLISHED_REMARK.includes(status)
        ? examiners(404)
        : status === 'under_review'
          ? assignedExaminer(200, 403)
          : examiners(409),
  },
  {
    method: 'GET',
    route: '/api/files',
    url: (o) => `/api/files?path=${o.fileKey}`,
    mutates: false,
    expect: () => ({ ...all(200), ownerB: 404 }),
  },
  {
    method: 'GET',
    route: '/files/:key',
    url: (o) => `/files/${o.fileKey}`,
    mutates: false,
    expect: () => ({ ...all(200), ownerB: 404 }),
  },
  // A part of a file (the document viewer) is given to exactly those who may have the whole.
  {
    method: 'GET',
    route: '/api/files',
    url: (o) => `/api/files?path=${o.fileKey}`,
    headers: { range: 'bytes=0-3' },
    mutates: false,
    expect: () => ({ ...all(206), ownerB: 404 }),
  },
  {
    method: 'GET',
    route: '/files/:key',
    url: (o) => `/files/${o.fileKey}`,
    headers: { range: 'bytes=4-' },
    mutates: false,
    expect: () => ({ ...all(206), ownerB: 404 }),
  },
];
