import type { Employee, EmployeeInput } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { optionalText, requiredText } from '../text.ts';
import { requireCompanyUser, requireOwner } from '../users/guards.ts';
import { normalizeEmail, type UserRow } from '../users/user.ts';
import {
  findCompanyUser,
  freeEmail,
  insertUser,
  listCompanyUsers,
  markUserRemoved,
  updatePerson,
} from '../users/users.service.ts';

/** The API shape of a company user (docs/product.md «Entities»). */
function toApiEmployee(row: UserRow): Employee {
  return {
    id: row.id,
    fio: row.fio,
    email: row.email,
    phone: row.phone,
    position: row.position,
    isVerify: Boolean(row.is_verify),
  };
}

const notFound = () => apiError('not_found', 'Сотрудник не найден');

/** The people of the caller's company, the owner included (removed ones are gone from the list). */
export async function listEmployees(ctx: ServiceContext, actor: UserRow): Promise<Employee[]> {
  return (await listCompanyUsers(ctx.db, requireCompanyUser(actor))).map(toApiEmployee);
}

export async function getEmployee(ctx: ServiceContext, actor: UserRow, id: number): Promise<Employee> {
  const row = await findCompanyUser(ctx.db, requireCompanyUser(actor), id);
  if (!row) throw notFound();
  return toApiEmployee(row);
}

/** The mail to a person given a login: which company added them and how to log in. */
function welcomeMail(ctx: ServiceContext, email: string, companyName: string) {
  const origin = ctx.config.publicOrigin ?? '';
  return {
    to: email,
    subject: 'Вас добавили на портал согласования АГР',
    text: [
      'Здравствуйте!',
      '',
      `${companyName} добавила вас в число своих сотрудников на портале дистанционного согласования`,
      'архитектурно-градостроительного решения.',
      '',
      `Чтобы войти, откройте ${origin}${routes.login}, укажите этот адрес электронной почты (${email})`,
      'и введите код из письма, которое придёт следом. Пароль не нужен.',
      '',
      'Комитет по архитектуре и градостроительству',
    ].join('\n'),
  };
}

function sendWelcome(ctx: ServiceContext, email: string | null, actor: UserRow): void {
  if (!email) return;
  ctx.mailer
    .send(welcomeMail(ctx, email, actor.company_legal_entity ?? 'Ваша компания'))
    .catch((error: unknown) => ctx.logError(error, 'employee mail failed'));
}

/** Adds a person to a company (fio required, e-mail optional and unique among active users). */
export async function createEmployee(ctx: ServiceContext, actor: UserRow, input: EmployeeInput): Promise<Employee> {
  requireOwner(actor);
  const companyId = requireCompanyUser(actor);
  const fio = requiredText(input.fio, 'Укажите ФИО');
  const id = await ctx.db.transaction().execute(async (trx) =>
    insertUser(trx, {
      email: await freeEmail(withDb(ctx, trx), input.email),
      fio,
      phone: optionalText(input.phone),
      position: optionalText(input.position),
      role: 'employee',
      companyId,
      createdAt: nowIso(ctx.now()),
    }),
  );
  const created = await getEmployee(ctx, actor, id);
  sendWelcome(ctx, created.email, actor);
  return created;
}

/**
 * Replaces a person's data (owner only). A changed e-mail is a new login: their sessions end at once, they verify
 * it by logging in again, and the new address is told how.
 */
export async function updateEmployee(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: EmployeeInput,
): Promise<Employee> {
  requireOwner(actor);
  const companyId = requireCompanyUser(actor);
  const fio = requiredText(input.fio, 'Укажите ФИО');
  const changedTo = await ctx.db.transaction().execute(async (trx) => {
    const person = await findCompanyUser(trx, companyId, id);
    if (!person) throw notFound();
    const wanted = optionalText(input.email);
    const sameEmail = (wanted === null ? null : normalizeEmail(wanted)) === person.email;
    const email = sameEmail ? person.email : await freeEmail(withDb(ctx, trx), wanted);
    await updatePerson(trx, id, {
      fio,
      email,
      phone: optionalText(input.phone),
      position: optionalText(input.position),
      resetVerified: !sameEmail,
    });
    if (!sameEmail) await revokeUserSessions(trx, id, nowIso(ctx.now()));
    return sameEmail ? null : email;
  });
  sendWelcome(ctx, changedTo, actor);
  return getEmployee(ctx, actor, id);
}

/**
 * Removes an employee (soft delete): sessions revoked at once, login refused, everything they made kept with
 * their name. Only the owner of the same company; nobody removes themselves or the owner.
 */
export async function removeEmployee(ctx: ServiceContext, actor: UserRow, employeeId: number): Promise<void> {
  requireOwner(actor);
  const companyId = requireCompanyUser(actor);
  const at = nowIso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const employee = await findCompanyUser(trx, companyId, employeeId);
    if (!employee) throw notFound();
    if (employee.id === actor.id || employee.role === 'owner') {
      throw apiError('forbidden', 'Владельца компании удалить нельзя');
    }
    await markUserRemoved(trx, employee.id, at);
    await revokeUserSessions(trx, employee.id, at);
  });
}
