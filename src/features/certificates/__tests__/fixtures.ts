// The statements the certificate tests print: every field given, and none.
import type { certificateData } from '../certificate.ts';

type CertificateStatement = Parameters<typeof certificateData>[0];

/** A statement with every field the certificate prints. */
export const fullCertificateStatement: CertificateStatement = {
  visibleId: 42,
  catalogWorkType: 'Новое строительство',
  categoryName: 'Объекты образования',
  title: 'Школа на 550 мест',
  address: 'г. Энск, ул. Ленина, д. 1',
  cadastralNumber: '77:01:0001001:1234',
  companyName: 'ООО «СтройПроект»',
  companyInn: '7701234567',
  companyKpp: '770101001',
  companyDirector: 'Петров Пётр Петрович',
};

/** A statement with none of them: each prints as a dash. */
export const blankCertificateStatement: CertificateStatement = {
  visibleId: 7,
  catalogWorkType: null,
  categoryName: null,
  title: '',
  address: null,
  cadastralNumber: null,
  companyName: '',
  companyInn: null,
  companyKpp: null,
  companyDirector: null,
};
