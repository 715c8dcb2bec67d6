// Russian company requisites: format and control digits (ФНС's algorithms), with messages naming the field.

const digits = (value: string) => [...value].map(Number);

function weighted(values: number[], weights: number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * (values[index] ?? 0), 0);
}

/** ИНН: 10 digits for an organisation, 12 for a person; the last one or two are control digits. */
export function innProblem(inn: string): string | null {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return 'ИНН должен состоять из 10 или 12 цифр';
  const d = digits(inn);
  const check = (weights: number[]) => (weighted(d, weights) % 11) % 10;
  const valid =
    inn.length === 10
      ? check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9]
      : check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
  return valid ? null : 'ИНН указан с ошибкой: не сходится контрольное число';
}

/** КПП: 9 characters, the fifth and sixth may be capital Latin letters (since 2013). */
export function kppProblem(kpp: string): string | null {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) ? null : 'КПП должен состоять из 9 цифр';
}

/** ОГРН: 13 digits (15 for an entrepreneur's ОГРНИП); the last is the remainder of the rest by 11 (13). */
export function ogrnProblem(ogrn: string): string | null {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return 'ОГРН должен состоять из 13 цифр (ОГРНИП — из 15)';
  const divisor = ogrn.length === 13 ? 11n : 13n;
  const expected = Number((BigInt(ogrn.slice(0, -1)) % divisor) % 10n);
  return expected === Number(ogrn.at(-1)) ? null : 'ОГРН указан с ошибкой: не сходится контрольное число';
}

/**
 * Кадастровый номер земельного участка: кадастровый округ (2 цифры), район (2), квартал (6 или 7) и номер участка в
 * квартале (одна цифра и больше), через двоеточие: `77:01:0001001:1234`.
 */
export function cadastralNumberProblem(value: string): string | null {
  return /^\d{2}:\d{2}:\d{6,7}:\d+$/.test(value) ? null : 'Некорректный кадастровый номер';
}
