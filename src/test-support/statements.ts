// Plain data with type-only imports, so the e2e specs can use it as well as the unit tests.
import type { Stage, Statement } from '#domain/contract.ts';

/** A statement as the list and detail endpoints send it: the demo owner's, just sent, with `fields` changed. */
export function statementItem(fields: Partial<Statement> = {}): Statement {
  return {
    id: 1,
    visibleId: 1001,
    status: 'sent',
    dateCreate: '2024-05-05T09:00:00.000Z',
    lastUpdate: '2024-05-05T09:00:00.000Z',
    cipher: 'ШП-01',
    title: 'Жилой дом',
    name: 'ул. Ленина, 1',
    address: 'ул. Ленина, 1',
    cadastralNumber: null,
    categoryObjectId: 1,
    categoryObject: 'residential',
    categoryName: 'Жилое здание',
    catalogWorkTypeId: 1,
    catalogWorkType: 'Новое строительство',
    examinerId: null,
    examiner: null,
    stages: [],
    companyName: 'ООО «СтройПроект»',
    companyInn: null,
    companyOgrn: null,
    companyKpp: null,
    companyDirector: null,
    companyDirectorPhone: null,
    companyAtSubmission: null,
    externalNumber: null,
    governmentAgencyName: null,
    history: [],
    reviewDeadline: null,
    intakeDeadline: null,
    remarks: [],
    refusalGrounds: [],
    corrections: [],
    appeals: [],
    appealSubjects: [],
    conclusions: [],
    approvedSet: null,
    ...fields,
  };
}

/** The committee's approving round with files of these names (the certificate is 'Свидетельство_{visibleId}.pdf'). */
export function approvalStage(...fileNames: string[]): Stage {
  return {
    id: 2,
    n: 2,
    applicantId: 7,
    applicant: 'Петрова Анна Сергеевна',
    applicantPhone: null,
    applicantPosition: null,
    applicantMail: null,
    isGovernmentAgency: true,
    status: 'approved',
    comment: null,
    dateCreate: '2026-11-20T10:00:00.000Z',
    files: fileNames.map((fileName, index) => ({
      id: 40 + index,
      url: `key-${index}`,
      fileName,
      size: 1000,
      sha256: null,
      change: null,
      previousUrl: null,
      signature: null,
      signatureFile: null,
    })),
    absentFiles: [],
  };
}
