// Machine-readable powers of attorney (МЧД, the ФНС's format EMCHD_1) made for tests and the demo: a Russian legal
// entity gives a natural person powers, signed by the person who acts for it without a power of attorney. Valid
// against ../shared/formats/ON_EMCHD_1_928_00_01_01_01.xsd unless a test asks for something else.
import { TEST_COMPANY, TEST_DIRECTOR, TEST_REPRESENTATIVE } from './test-ca.ts';

/** A person as the format names one: ФИО, ИНН ФЛ and СНИЛС (11 digits; written NNN-NNN-NNN NN in the file). */
export interface MchdPerson {
  fio: string;
  title?: string;
  inn: string;
  snils: string;
}

export interface MchdInput {
  /** НомДовер, a UUID; also ИдФайл unless `fileId` says otherwise. */
  number: string;
  fileId?: string;
  internalNumber?: string;
  issuedOn: string;
  validTo: string;
  principal: { organization: string; innLe: string; kpp: string; ogrn: string };
  head: MchdPerson;
  representative: MchdPerson;
  powers: { text?: string; codes?: readonly { code: string; name: string }[] };
  /** Re-delegation (`Передов`) instead of a first power of attorney. */
  redelegation?: boolean;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(value)}"`)
    .join('');
}

/** СНИЛС as the format writes it. */
export const snilsOfFormat = (digits: string) =>
  `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)} ${digits.slice(9, 11)}`;

function fioElement(fio: string): string {
  const [surname = '', name = '', patronymic] = fio.split(' ');
  return `<ФИО${attributes({ Фамилия: surname, Имя: name, Отчество: patronymic })}/>`;
}

function person(tag: string, who: MchdPerson, extra: Record<string, string> = {}): string {
  return (
    `<${tag}${attributes({ ...extra, ИННФЛ: who.inn, СНИЛС: snilsOfFormat(who.snils), Должность: who.title })}>` +
    `<СведФЛ>${fioElement(who.fio)}</СведФЛ></${tag}>`
  );
}

function powers(input: MchdInput['powers']): string {
  const codes = input.codes ?? [];
  const kind = codes.length > 0 ? '1' : '0';
  const text = input.text ? `<ТекстПолн>${xmlEscape(input.text)}</ТекстПолн>` : '';
  const machine = codes.map((code) => `<МашПолн${attributes({ КодПолн: code.code, НаимПолн: code.name })}/>`).join('');
  return `<СвПолн${attributes({ ТипПолн: kind, ПрСовмПолн: '2' })}>${text}${machine}</СвПолн>`;
}

/** The XML of an МЧД, UTF-8, with the declaration the ФНС's files carry. */
export function mchdXml(input: MchdInput): string {
  const principal = input.principal;
  const organization = `<СвРосОрг${attributes({
    НаимОрг: principal.organization,
    ИННЮЛ: principal.innLe,
    КПП: principal.kpp,
    ОГРН: principal.ogrn,
  })}/>`;
  const head = person('СвФЛ', input.head);
  const grantor =
    `<СвДоверит ТипДоверит="1"><Доверит><РосОргДовер ЕИОУК="0" ЕИОФЛ="0" ЕИОИП="0">${organization}` +
    `<ЛицоБезДов ПолнЮЛ="1">${head}</ЛицоБезДов></РосОргДовер></Доверит></СвДоверит>`;
  const representative = `<СвУпПред ТипПред="3"><Пред>${person('СведФизЛ', input.representative)}</Пред></СвУпПред>`;
  const dates = { ДатаВыдДовер: input.issuedOn, СрокДейст: input.validTo };
  const about = (tag: string) =>
    `<${tag}${attributes({
      ВидДовер: '1',
      ПрПередов: '1',
      ВнНомДовер: input.internalNumber ?? 'Д-1',
      НомДовер: input.number,
      ...dates,
    })}><СведСист>https://m4d.nalog.gov.ru/emchd/check-status</СведСист></${tag}>`;
  const document = input.redelegation
    ? `<Передов ПрНалПередов="1"><СвПервДовер ПрДовер="1" ФормДовер="1"${attributes({
        ...dates,
        НомДоверПерв: input.number,
      })}/>${about('СвПереДовер')}<СвПередПолн ТипПерПолн="1"><ПередПолн>` +
      `<РосОргПерПолн ЕИОУК="0" ЕИОФЛ="0" ЕИОИП="0">${organization}<ЛицоБезДов ПолнЮЛ="1">${head}</ЛицоБезДов>` +
      `</РосОргПерПолн></ПередПолн></СвПередПолн>${representative.replace(/СвУпПред/g, 'СвПолучПолн')}` +
      `${powers(input.powers)}</Передов>`
    : `<Довер>${about('СвДов')}${grantor}${representative}${powers(input.powers)}</Довер>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Доверенность xmlns="urn://x-artefacts/EMCHD_1"${attributes({
      ВерсФорм: 'EMCHD_1',
      ПрЭлФорм: '00000000',
      ИдФайл: input.fileId ?? input.number,
    })}><Документ>${document}</Документ></Доверенность>\n`
  );
}

/**
 * Who a test МЧД is between unless a test says otherwise: the test company (KPP 770101001) as principal, its
 * director as head, its chief architect as representative.
 */
export const TEST_COMPANY_PARTIES = {
  principal: {
    organization: TEST_COMPANY.legalEntity,
    innLe: TEST_COMPANY.innLe,
    kpp: '770101001',
    ogrn: TEST_COMPANY.ogrn,
  },
  head: TEST_DIRECTOR,
  representative: TEST_REPRESENTATIVE,
} as const;
