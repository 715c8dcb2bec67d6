import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import {
  fieldErrorsWith,
  orNull,
  serverProblemsOf,
  validateCompany,
  validateEmployee,
  validateExaminerSettings,
  validateLoginEmail,
  validateNewVersion,
  validateStatement,
  validateStatementFiles,
  validationTexts,
} from '../validators.ts';

describe('validation texts are the product words', () => {
  it.each([
    [validationTexts.objectNameRequired, 'Укажите наименование объекта'],
    [validationTexts.filesRequired, 'Добавьте хотя бы один файл'],
    [validationTexts.fioRequired, 'Укажите ФИО'],
    [validationTexts.emailInvalid, 'Некорректный email'],
    [validationTexts.legalEntityRequired, 'Укажите юридическое лицо'],
    [validationTexts.versionStatementRequired, 'Не указано заявление для добавления версии'],
    [validationTexts.versionFilesRequired, 'Загрузите хотя бы один файл'],
    [validationTexts.formInvalid, 'Проверьте корректность полей'],
  ])('%s', (text, spec) => {
    expect(text).toBe(spec);
  });
});

describe('form validators', () => {
  it.each([
    ['login: empty', validateLoginEmail({ email: '  ' }), { email: 'Укажите адрес электронной почты' }],
    ['login: not an address', validateLoginEmail({ email: 'owner' }), { email: 'Некорректный email' }],
    ['login: valid', validateLoginEmail({ email: 'owner@demo.example' }), {}],
    [
      'statement: no object name',
      validateStatement({ objectName: ' ' }),
      { objectName: 'Укажите наименование объекта' },
    ],
    ['statement: object name', validateStatement({ objectName: 'Жилой дом' }), {}],
    [
      'statement: a malformed cadastral number',
      validateStatement({ objectName: 'Жилой дом', cadastralNumber: '77:01:123:1' }),
      { cadastralNumber: 'Некорректный кадастровый номер' },
    ],
    [
      'statement: a cadastral number, spaces around',
      validateStatement({ objectName: 'Жилой дом', cadastralNumber: ' 77:01:0001001:1234 ' }),
      {},
    ],
    ['statement: no cadastral number', validateStatement({ objectName: 'Жилой дом', cadastralNumber: '  ' }), {}],
    ['statement: no files', validateStatementFiles({ files: 0 }), { files: 'Добавьте хотя бы один файл' }],
    ['statement: a file', validateStatementFiles({ files: 1 }), {}],
    [
      'new version: nothing',
      validateNewVersion({ statementId: null, files: 0 }),
      { statementId: 'Не указано заявление для добавления версии', files: 'Загрузите хотя бы один файл' },
    ],
    [
      'new version: no files',
      validateNewVersion({ statementId: 7, files: 0 }),
      { files: 'Загрузите хотя бы один файл' },
    ],
    ['new version: a file', validateNewVersion({ statementId: 7, files: 2 }), {}],
    ['employee: nothing', validateEmployee({ fio: '', email: '' }), { fio: 'Укажите ФИО' }],
    ['employee: bad e-mail', validateEmployee({ fio: 'Иванов', email: 'x@y' }), { email: 'Некорректный email' }],
    ['employee: no e-mail is fine', validateEmployee({ fio: 'Иванов', email: '' }), {}],
    ['company: no legal entity', validateCompany({ legalEntity: '' }), { legalEntity: 'Укажите юридическое лицо' }],
    ['company: legal entity', validateCompany({ legalEntity: 'ООО «Ромашка»' }), {}],
    [
      'company: empty requisites are fine',
      validateCompany({ legalEntity: 'ООО «Ромашка»', inn: ' ', kpp: '', ogrn: '' }),
      {},
    ],
    [
      'company: requisites of the right length (control digits are the server’s)',
      validateCompany({ legalEntity: 'ООО', inn: ' 7707083893 ', kpp: '7707AB001', ogrn: '304500116000157' }),
      {},
    ],
    [
      'company: requisites of the wrong length',
      validateCompany({ legalEntity: 'ООО', inn: '77070838', kpp: '77070100', ogrn: '10277000132' }),
      {
        inn: 'ИНН должен состоять из 10 или 12 цифр',
        kpp: 'КПП должен состоять из 9 цифр',
        ogrn: 'ОГРН должен состоять из 13 цифр (ОГРНИП — из 15)',
      },
    ],
    [
      'company: control digits that do not match (the same check as the API)',
      validateCompany({ legalEntity: 'ООО', inn: '7707083894', kpp: '770701001', ogrn: '1027700132196' }),
      {
        inn: 'ИНН указан с ошибкой: не сходится контрольное число',
        ogrn: 'ОГРН указан с ошибкой: не сходится контрольное число',
      },
    ],
    ['settings: spaces only', validateExaminerSettings({ contactFio: '   ' }), { contactFio: 'Укажите ФИО' }],
    ['settings: a name', validateExaminerSettings({ contactFio: 'Петрова А. С.' }), {}],
  ])('%s', (_name, errors, expected) => {
    expect(errors).toEqual(expected);
  });
});

describe('orNull (empty optional values are sent as null)', () => {
  itMaps('%j -> %j', orNull, [
    ['', null],
    ['   ', null],
    [' ШП-01 ', 'ШП-01'],
  ]);
});

describe('server messages shown next to the field they name, until its value changes', () => {
  const values = { fio: 'Иванов', email: 'a@b.ru' };
  const fields = ['fio', 'email'] as const;
  it.each([
    [{ field: 'email', message: 'E-mail занят' }, { email: { message: 'E-mail занят', value: 'a@b.ru' } }],
    [{ field: 'inn', message: 'ИНН указан с ошибкой' }, {}],
    [{ message: 'Нет доступа' }, {}],
    [null, {}],
  ])('%j', (body, problems) => {
    expect(serverProblemsOf(body, values, fields)).toEqual(problems);
  });

  const problems = { email: { message: 'E-mail занят', value: 'a@b.ru' } };
  it.each([
    ['the value sent', {}, values, { email: 'E-mail занят' }],
    ['a changed value', {}, { ...values, email: 'c@d.ru' }, {}],
    ['the form’s own error first', { email: 'Некорректный email' }, values, { email: 'Некорректный email' }],
  ])('%s', (_, shown, current, errors) => {
    expect(fieldErrorsWith(shown, current, problems)).toEqual(errors);
  });
});
