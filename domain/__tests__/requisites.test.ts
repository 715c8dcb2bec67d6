import { describe, expect, it } from 'vitest';
import { innProblem, kppProblem, ogrnProblem } from '../requisites.ts';

describe('requisites: length and control digits (the rules the site and the API share)', () => {
  it.each<[string, string | null]>([
    ['7707083893', null],
    ['500100732259', null],
    ['7707083894', 'ИНН указан с ошибкой: не сходится контрольное число'],
    ['500100732258', 'ИНН указан с ошибкой: не сходится контрольное число'],
    ['77070838', 'ИНН должен состоять из 10 или 12 цифр'],
    ['77070838931', 'ИНН должен состоять из 10 или 12 цифр'],
  ])('ИНН %s', (inn, problem) => {
    expect(innProblem(inn)).toBe(problem);
  });

  it.each<[string, string | null]>([
    ['770701001', null],
    ['7707AB001', null],
    ['77070100', 'КПП должен состоять из 9 цифр'],
    ['7707ab001', 'КПП должен состоять из 9 цифр'],
  ])('КПП %s', (kpp, problem) => {
    expect(kppProblem(kpp)).toBe(problem);
  });

  it.each<[string, string | null]>([
    ['1027700132195', null],
    ['304500116000157', null],
    ['1027700132196', 'ОГРН указан с ошибкой: не сходится контрольное число'],
    ['10277001321', 'ОГРН должен состоять из 13 цифр (ОГРНИП — из 15)'],
  ])('ОГРН %s', (ogrn, problem) => {
    expect(ogrnProblem(ogrn)).toBe(problem);
  });
});
