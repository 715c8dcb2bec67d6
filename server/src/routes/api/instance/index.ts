import type { FastifyPluginAsync } from 'fastify';
import { reportFileName } from '#domain/terms-report.ts';
import { reportCsv } from '#domain/terms-report-csv.ts';
import { attachCertificate, issueCheckToken } from '../../../certificates/certificates.service.ts';
import { decideCorrection } from '../../../corrections/corrections.service.ts';
import { recordExport } from '../../../personal-data/access-log.ts';
import { currentUser } from '../../../plugins/auth.ts';
import {
  powerOfAttorneyForExaminer,
  recordRegistryCheck,
} from '../../../powers-of-attorney/powers-of-attorney.service.ts';
import {
  adoptRemark,
  createRemark,
  deleteRemark,
  examinerRemarks,
  resolveRemark,
  updateRemark,
} from '../../../remarks/remarks.service.ts';
import { termsReport } from '../../../reports/reports.service.ts';
import { examinerStatement, listScope } from '../../../statements/statements.service.ts';
import { examinerProfile, updateExaminerProfile } from '../../../users/users.service.ts';
import { assignStatement } from '../../../workflow/assigning.ts';
import { refuseAcceptance, takeIntoWork } from '../../../workflow/intake.ts';
import { replyToStatement, signDecisionDocument } from '../../../workflow/review.ts';
import { contractRoute, type QueryParams } from '../../contract-route.ts';
import { statementListRoute } from '../statement-lists.ts';

/** The committee's side (registered behind `requireExaminer`). */
const instance: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  statementListRoute(app, 'listAllInstanceStatements', (request) => {
    const { status } = request.query as QueryParams<'listAllInstanceStatements'>;
    return { ...listScope(currentUser(request), 'all'), ...(status === undefined ? {} : { status }) };
  });
  statementListRoute(app, 'listMyInstanceStatements', (request) => listScope(currentUser(request), 'mine'));
  // The detail names the applicants (their block and every stage's author): a read of personal data.
  contractRoute(app, 'getInstanceStatement', {}, async (request) => {
    const statement = await examinerStatement(ctx, currentUser(request), request.params.id);
    app.personalDataRead(request, { kind: 'statement', statementId: request.params.id });
    return statement;
  });

  contractRoute(app, 'startWorkOnStatement', {}, async (request) => {
    const user = currentUser(request);
    await takeIntoWork(ctx, user, request.body.id);
    return examinerStatement(ctx, user, request.body.id);
  });

  contractRoute(app, 'assignStatement', {}, async (request) => {
    const user = currentUser(request);
    await assignStatement(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'refuseAcceptance', {}, async (request) => {
    const user = currentUser(request);
    await refuseAcceptance(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'addInstanceStage', { status: 201 }, async (request) => {
    const user = currentUser(request);
    await replyToStatement(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'signDecision', {}, async (request) => {
    const user = currentUser(request);
    await signDecisionDocument(ctx, user, request.params.id, request.params.fileId, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'issueCertificateCheck', {}, async (request) =>
    issueCheckToken(ctx, currentUser(request), request.params.id),
  );

  contractRoute(app, 'attachCertificate', {}, async (request) => {
    const user = currentUser(request);
    await attachCertificate(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, request.params.id);
  });

  contractRoute(app, 'decideCorrection', {}, async (request) => {
    const user = currentUser(request);
    const statementId = await decideCorrection(ctx, user, request.params.id, request.body);
    return examinerStatement(ctx, user, statementId);
  });

  contractRoute(app, 'listInstanceRemarks', {}, async (request) =>
    examinerRemarks(ctx, currentUser(request), request.params.id),
  );
  contractRoute(app, 'createRemark', { status: 201 }, async (request) =>
    createRemark(ctx, currentUser(request), request.params.id, request.body),
  );
  contractRoute(app, 'updateRemark', {}, async (request) =>
    updateRemark(ctx, currentUser(request), request.params.remarkId, request.body),
  );
  contractRoute(app, 'deleteRemark', {}, async (request, reply) => {
    await deleteRemark(ctx, currentUser(request), request.params.remarkId);
    return reply.code(204).send();
  });
  contractRoute(app, 'adoptRemark', {}, async (request) =>
    adoptRemark(ctx, currentUser(request), request.params.remarkId),
  );
  contractRoute(app, 'resolveRemark', {}, async (request) =>
    resolveRemark(ctx, currentUser(request), request.params.remarkId, request.body),
  );

  contractRoute(app, 'getTermsReport', {}, async (request, reply) => {
    const { from, to, format } = request.query;
    const report = await termsReport(ctx, currentUser(request), from, to);
    // `format` wins; without it, a caller that names text/csv in Accept gets the file.
    const csv = format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(request.headers.accept ?? ''));
    // The report names examiners with their figures.
    app.personalDataRead(request, { kind: csv ? 'export' : 'report', detail: `${from} — ${to}` });
    if (!csv) return report;
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${reportFileName(from, to)}"`)
      .send(reportCsv(report));
  });

  contractRoute(app, 'getPowerOfAttorney', {}, async (request) => {
    const power = await powerOfAttorneyForExaminer(ctx, currentUser(request), request.params.id);
    app.personalDataRead(request, { kind: 'power_of_attorney', detail: `№ ${power.number}` });
    return power;
  });
  contractRoute(app, 'recordRegistryCheck', {}, async (request) =>
    recordRegistryCheck(ctx, currentUser(request), request.params.id, request.body),
  );

  // The site saves the statements table and the report as CSV in the browser: it records each export first.
  contractRoute(app, 'recordPersonalDataExport', {}, async (request, reply) => {
    await recordExport(ctx, currentUser(request), app.readerAddress(request), request.body);
    return reply.code(204).send();
  });

  contractRoute(app, 'getInstanceProfile', {}, async (request) => examinerProfile(currentUser(request)));
  contractRoute(app, 'updateInstanceProfile', {}, async (request) =>
    updateExaminerProfile(ctx, currentUser(request), request.body),
  );
};

export default instance;
