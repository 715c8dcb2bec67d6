// The rules of a registration's form (docs/product.md «Registration»), one text each, for the site's checks as a field
// is left and the API's before it spends the code: an organisation has a 10-digit ИНН, a КПП and a 13-digit ОГРН; an
// entrepreneur a 12-digit ИНН, no КПП and a 15-digit ОГРНИП.
import { innProblem, kppProblem, ogrnProblem } from './requisites.ts';

/** What a registration's fields say when wrong. */
export const REGISTRATION_FIELD_TEXTS = {
  legalEntityRequired: 'Укажите наименование организации',
  innRequired: 'Укажите ИНН',
  kppRequired: 'Укажите КПП: у организации он есть',
  kppOfEntrepreneur: 'У индивидуального предпринимателя нет КПП: оставьте поле пустым',
  ogrnRequired: 'Укажите ОГРН',
  ogrnOfOrganization: 'ОГРН организации состоит из 13 цифр',
  ogrnOfEntrepreneur: 'ОГРНИП индивидуального предпринимателя состоит из 15 цифр',
  legalAddressRequired: 'Укажите юридический адрес',
  fioRequired: 'Укажите ФИО',
  positionRequired: 'Укажите должность',
  phoneRequired: 'Укажите телефон',
  consentRequired: 'Подтвердите согласие на обработку персональных данных',
} as const;

/** The organisation and the person as the form holds them (empty strings for nothing). */
export interface RegistrationFields {
  legalEntity: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legalAddress: string;
  fio: string;
  position: string;
  phone: string;
}

export type RegistrationField = keyof RegistrationFields;

const t = REGISTRATION_FIELD_TEXTS;

/** The problems of the form by field, in the form's order (the first is the API's answer); empty when none. */
export function registrationProblems(fields: RegistrationFields): Array<[RegistrationField, string]> {
  const value = (field: RegistrationField) => fields[field].trim();
  const problems: Array<[RegistrationField, string]> = [];
  const check = (field: RegistrationField, problem: string | null) => {
    if (problem) problems.push([field, problem]);
  };
  check('legalEntity', value('legalEntity') ? null : t.legalEntityRequired);
  const inn = value('inn');
  check('inn', inn ? innProblem(inn) : t.innRequired);
  const entrepreneur = inn.length === 12;
  const kpp = value('kpp');
  check('kpp', entrepreneur ? (kpp ? t.kppOfEntrepreneur : null) : kpp ? kppProblem(kpp) : t.kppRequired);
  const ogrn = value('ogrn');
  const ogrnWrong = ogrn ? ogrnProblem(ogrn) : t.ogrnRequired;
  const ogrnKind = entrepreneur ? t.ogrnOfEntrepreneur : t.ogrnOfOrganization;
  check(
    'ogrn',
    ogrnWrong ?? (/^\d{10}$|^\d{12}$/.test(inn) && entrepreneur !== (ogrn.length === 15) ? ogrnKind : null),
  );
  check('legalAddress', value('legalAddress') ? null : t.legalAddressRequired);
  check('fio', value('fio') ? null : t.fioRequired);
  check('position', value('position') ? null : t.positionRequired);
  check('phone', value('phone') ? null : t.phoneRequired);
  return problems;
}
