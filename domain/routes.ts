// Every path of the site (docs/product.md «Screens and routes») and the one rule for which frame a path belongs to.
// Components, layouts and stores build paths here; no other file in src/ writes a path literal.
import type { StatementStatus } from './contract.ts';

/** Filters of the company list: a status, or every statement. */
export type CompanyFilter = 'all' | StatementStatus;
/** Filters of the examiner's own list: a status other than sent, or every one. */
export type ExaminerFilter = 'all' | Exclude<StatementStatus, 'sent'>;
/**
 * A figure of the team's workload (/instance/team) that opens an examiner's statements on /instance/all: in work,
 * waiting for the applicant, overdue, due within 3 working days, decided this month.
 */
export type TeamFigure = 'inWork' | 'awaitingApplicant' | 'overdue' | 'dueSoon' | 'decidedThisMonth';
/** A section of the administration (/instance/admin), named in the address's hash. */
export type AdminSection =
  | 'examiners'
  | 'catalogs'
  | 'templates'
  | 'calendar'
  | 'registrations'
  | 'personal-data'
  | 'review-bodies'
  | 'personal-data-access'
  | 'subject-requests'
  | 'destruction-acts';
/** An id as it appears in a path (numbers from the API; a string from a generated shell). */
export type RouteId = number | string;

/** Paths and path builders of every screen. */
export const routes = {
  /** Entry redirect (docs/product.md «Screens and routes»). */
  entry: '/',
  login: '/login',
  /** Linked from the login screen; the screen itself only points back to login. */
  loginPassword: '/login-password',
  /** Company list; without a filter, or with 'all', every statement. */
  company: (filter?: CompanyFilter) => (filter ? `/company/filter/${filter}` : '/company'),
  companyEdit: '/company/edit',
  statementCreate: '/statement/create',
  statementInfo: (id: RouteId) => `/statement/info/${id}`,
  /** The employees section; '/employees' itself shows the list too. */
  employeesRoot: '/employees',
  employees: '/employees/list',
  employeeCreate: '/employees/create',
  employeeEdit: (id: RouteId) => `/employees/${id}/edit`,
  /** Examiner's own list; without a filter, the statements in work. */
  examiner: (filter?: ExaminerFilter) => (filter ? `/instance/filter/${filter}` : '/instance'),
  examinerAll: '/instance/all',
  examinerNews: '/instance/news',
  /** The register of pre-trial appeals (the committee's head). */
  examinerAppeals: '/instance/appeals',
  /** 'Запросы на заключение': the requests sent to the caller's reviewing bodies. */
  conclusionRequests: '/instance/conclusions',
  /** The report on terms (the committee's head). */
  examinerReports: '/instance/reports',
  examinerSettings: '/instance/settings',
  /** The team's workload, for the committee's head. */
  examinerTeam: '/instance/team',
  /** All statements narrowed to one examiner's statements behind a figure of the team's workload. */
  examinerTeamFigure: (examinerId: RouteId, figure: TeamFigure) =>
    `/instance/all?examiner=${examinerId}&figure=${figure}`,
  examinerStatementInfo: (id: RouteId) => `/instance/statement/info/${id}`,
  /** The committee's administration (the head): examiners, catalogues, remark templates, the calendar; a section by hash. */
  examinerAdmin: (section?: AdminSection) => (section ? `/instance/admin#${section}` : '/instance/admin'),
  /** The administration log (the head). */
  examinerAdminLog: '/instance/admin/log',
  /** The public certificate check (no login): the address printed on the certificate and in its QR code. */
  certificateCheck: (token: string) => `/check/${token}`,
  /** The public register of decisions (no login); a query string (without '?') carries a shared search. */
  registry: (search?: string) => (search ? `/registry?${search}` : '/registry'),
  /** The public status check of a statement by its number and the company's ИНН (no login). */
  statementStatus: '/status',
} as const;

/**
 * The pages of someone with no account yet (no login): registration and the personal data documents. Apart from
 * `routes`, so the login page's initial JS (bench figure 1) does not carry them; the static pages link them.
 */
export const accountRoutes = {
  /** An organisation registers itself; linked under the login form. */
  register: '/register',
  /** The consent to the processing of personal data, its own document. */
  consent: '/consent',
  /** The policy of processing personal data, linked from every public page's footer. */
  privacy: '/privacy',
} as const;

/** Start page of a company user (the entry redirect). */
export const COMPANY_HOME = routes.company();
/** Start page of an examiner (the entry redirect). */
export const EXAMINER_HOME = routes.examiner('under_review');

/** Which frame a page is drawn in: the company sidebar, the examiner sidebar, or the public header. */
export type Area = 'company' | 'examiner' | 'public';

const AREA_PREFIXES: ReadonlyArray<readonly [string, Area]> = [
  ['/instance', 'examiner'],
  ['/company', 'company'],
  ['/statement', 'company'],
  ['/employees', 'company'],
];

/** Path without a trailing slash, so '/company/' and '/company' compare equal. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** True when `pathname` is `base` or lies under it ('/employees/7/edit' is within '/employees'). */
export function isWithin(pathname: string, base: string): boolean {
  const path = normalizePath(pathname);
  return path === base || path.startsWith(`${base}/`);
}

/** The frame of `pathname`, by its first segment; anything else (login, entry, errors, certificate checks) is public. */
export function areaOf(pathname: string): Area {
  for (const [prefix, area] of AREA_PREFIXES) {
    if (isWithin(pathname, prefix)) return area;
  }
  return 'public';
}

const ID_ROUTES = [
  /^\/statement\/info\/([^/]+)$/,
  /^\/instance\/statement\/info\/([^/]+)$/,
  /^\/employees\/([^/]+)\/edit$/,
];

/** The numeric id of an id route (statement, examiner statement, employee edit), or null (shells read it so). */
export function idFromPath(pathname: string): number | null {
  const path = normalizePath(pathname);
  for (const pattern of ID_ROUTES) {
    const raw = pattern.exec(path)?.[1];
    if (raw !== undefined) return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  }
  return null;
}

/**
 * Where a notification leads: its route with a leading slash added if missing, or null (docs/product.md
 * «Notifications drawer»).
 */
export function notificationPath(route: string | null | undefined): string | null {
  const trimmed = route?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
