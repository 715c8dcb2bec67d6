import { describe, expect, it } from 'vitest';
import { unusualYearWarning } from '../production-calendar.ts';

describe('an unusual count of working days', () => {
  it.each([
    [0, 'В 2027 году получается 0 рабочих дней, а обычно их от 200 до 300.'],
    [1, 'В 2027 году получается 1 рабочий день, а обычно их от 200 до 300.'],
    [199, 'В 2027 году получается 199 рабочих дней, а обычно их от 200 до 300.'],
    [301, 'В 2027 году получается 301 рабочий день, а обычно их от 200 до 300.'],
    [365, 'В 2027 году получается 365 рабочих дней, а обычно их от 200 до 300.'],
  ])('warns of %i working days, asking to check the file or confirm', (count, start) => {
    expect(unusualYearWarning(2027, count)).toBe(`${start} Проверьте файл или подтвердите, что так и задумано.`);
  });

  it.each([200, 247, 300])('says nothing of %i working days', (count) => {
    expect(unusualYearWarning(2027, count)).toBeNull();
  });
});
