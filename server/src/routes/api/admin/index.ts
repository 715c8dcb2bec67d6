import type { FastifyPluginAsync } from 'fastify';
import { adminLogPage } from '../../../administration/admin-log.ts';
import { adminCalendar, importCalendarYear, previewCalendarImport } from '../../../administration/calendar.service.ts';
import {
  addAdminCatalogItem,
  addAdminRemarkTemplate,
  adminCatalogItems,
  adminRemarkTemplates,
  retireAdminCatalogItem,
  retireAdminRemarkTemplate,
  updateAdminCatalogItem,
  updateAdminRemarkTemplate,
} from '../../../administration/catalogs-admin.service.ts';
import {
  addExaminer,
  adminExaminers,
  deactivateExaminer,
  reactivateExaminer,
  updateExaminer,
} from '../../../administration/examiners.service.ts';
import { contentDisposition } from '../../../files/files.service.ts';
import { accessLogCsv, accessLogPage } from '../../../personal-data/access-log.ts';
import { DESTRUCTION_TEXTS, destructionActPdf, destructionActs } from '../../../personal-data/destruction.ts';
import { personalDataTemplate, publishPersonalDataTemplate } from '../../../personal-data/documents.ts';
import {
  answerSubjectRequest,
  findSubjects,
  SUBJECT_ANSWER_TEXTS,
  subjectAnswer,
  subjectAnswerPdf,
  subjectRequests,
} from '../../../personal-data/subject-requests.ts';
import { recordConsentWithdrawal } from '../../../personal-data/withdrawal.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { decideRegistration, listPendingRegistrations } from '../../../registration/registration.service.ts';
import { contractRoute } from '../../contract-route.ts';

/** The committee's administration (registered behind `requireHead`, docs/product.md «Administration»). */
const admin: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Organisations' registrations waiting for a head (docs/product.md «Registration»).
  contractRoute(app, 'listPendingRegistrations', {}, async (request) => {
    const registrations = await listPendingRegistrations(ctx);
    app.personalDataRead(request, { kind: 'registrations' });
    return registrations;
  });
  // The consent and the policy of processing personal data, templates a head publishes (docs/product.md «Personal data»).
  contractRoute(app, 'getPersonalDataTemplate', {}, async (request) =>
    personalDataTemplate(ctx, currentUser(request), request.params.kind),
  );
  contractRoute(app, 'publishPersonalDataTemplate', { status: 201 }, async (request) =>
    publishPersonalDataTemplate(ctx, currentUser(request), request.params.kind, request.body),
  );
  contractRoute(app, 'decideRegistration', {}, async (request, reply) => {
    await decideRegistration(ctx, currentUser(request), request.params.companyId, request.body);
    return reply.code(204).send();
  });

  contractRoute(app, 'listAdminExaminers', {}, async (request) => {
    const examiners = await adminExaminers(ctx);
    app.personalDataRead(request, { kind: 'people' });
    return examiners;
  });
  contractRoute(app, 'createAdminExaminer', { status: 201 }, async (request) =>
    addExaminer(ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'updateAdminExaminer', {}, async (request) =>
    updateExaminer(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'deactivateAdminExaminer', {}, async (request) =>
    deactivateExaminer(ctx, currentUser(request), request.params.id),
  );
  contractRoute(app, 'reactivateAdminExaminer', {}, async (request) =>
    reactivateExaminer(ctx, currentUser(request), request.params.id),
  );

  contractRoute(app, 'listAdminCatalog', {}, async (request) => adminCatalogItems(ctx, request.params.kind));
  contractRoute(app, 'createAdminCatalogItem', { status: 201 }, async (request) =>
    addAdminCatalogItem(ctx, currentUser(request), request.params.kind, request.body),
  );
  contractRoute(app, 'updateAdminCatalogItem', {}, async (request) =>
    updateAdminCatalogItem(ctx, currentUser(request), request.params.kind, request.params.itemId, request.body),
  );
  contractRoute(app, 'retireAdminCatalogItem', {}, async (request) =>
    retireAdminCatalogItem(ctx, currentUser(request), request.params.kind, request.params.itemId, true),
  );
  contractRoute(app, 'restoreAdminCatalogItem', {}, async (request) =>
    retireAdminCatalogItem(ctx, currentUser(request), request.params.kind, request.params.itemId, false),
  );

  contractRoute(app, 'listAdminRemarkTemplates', {}, async () => adminRemarkTemplates(ctx));
  contractRoute(app, 'createAdminRemarkTemplate', { status: 201 }, async (request) =>
    addAdminRemarkTemplate(ctx, currentUser(request), request.body),
  );
  contractRoute(app, 'updateAdminRemarkTemplate', {}, async (request) =>
    updateAdminRemarkTemplate(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'retireAdminRemarkTemplate', {}, async (request) =>
    retireAdminRemarkTemplate(ctx, currentUser(request), request.params.id, true),
  );
  contractRoute(app, 'restoreAdminRemarkTemplate', {}, async (request) =>
    retireAdminRemarkTemplate(ctx, currentUser(request), request.params.id, false),
  );

  contractRoute(app, 'getAdminCalendar', {}, async () => adminCalendar(ctx));
  contractRoute(app, 'previewAdminCalendarImport', {}, async (request) =>
    previewCalendarImport(ctx, request.params.year, request.body.text),
  );
  contractRoute(app, 'importAdminCalendar', {}, async (request) =>
    importCalendarYear(
      ctx,
      currentUser(request),
      request.params.year,
      request.body.text,
      request.body.confirmUnusualYear ?? false,
    ),
  );

  // The log of reads of personal data (docs/product.md «Personal data»): read here, changed by no route.
  contractRoute(app, 'listPersonalDataAccess', {}, async (request, reply) => {
    // The reads this process answered are in it (each entry is written just after its read's answer).
    await app.accessLogSettled();
    const { page, format, ...query } = request.query;
    if (format !== 'csv') return accessLogPage(ctx, currentUser(request), query, page ?? 1);
    const csv = await accessLogCsv(ctx, currentUser(request), query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="personal-data-access.csv"')
      .send(csv);
  });

  // A person's request about their personal data: found, registered with its term, answered as JSON and PDF.
  contractRoute(app, 'findPersonalDataSubjects', {}, async (request) =>
    findSubjects(ctx, currentUser(request), request.query.query),
  );
  contractRoute(app, 'listSubjectRequests', {}, async (request) => subjectRequests(ctx, currentUser(request)));
  contractRoute(app, 'answerSubjectRequest', { status: 201 }, async (request) => {
    await app.accessLogSettled();
    const answered = await answerSubjectRequest(ctx, currentUser(request), request.body);
    app.personalDataRead(request, { kind: 'subject_request', personId: answered.personId });
    return answered;
  });
  contractRoute(app, 'getSubjectRequestAnswer', {}, async (request, reply) => {
    const { request: registered, answer } = await subjectAnswer(ctx, currentUser(request), request.params.id);
    app.personalDataRead(request, {
      kind: 'subject_request',
      personId: registered.personId,
      detail: `Ответ на запрос № ${registered.id}`,
    });
    if (request.query.format !== 'pdf') return answer;
    const pdf = await subjectAnswerPdf(registered, answer);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(SUBJECT_ANSWER_TEXTS.fileName(registered.id)))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  // A withdrawal of consent that came on paper: the account closes at once, the data goes after its term.
  contractRoute(app, 'recordConsentWithdrawal', {}, async (request) =>
    recordConsentWithdrawal(ctx, currentUser(request), request.params.id, request.body),
  );

  // Acts of destruction of personal data, written by the scheduled destruction.
  contractRoute(app, 'listDestructionActs', {}, async (request) => destructionActs(ctx, currentUser(request)));
  contractRoute(app, 'downloadDestructionAct', {}, async (request, reply) => {
    const pdf = await destructionActPdf(ctx, currentUser(request), request.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(DESTRUCTION_TEXTS.fileName(request.params.id)))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  contractRoute(app, 'listAdminLog', {}, async (request) => adminLogPage(ctx, request.query.page ?? 1));
};

export default admin;
