// Reading an МЧД (server/src/powers-of-attorney/emchd.ts): what the portal takes from the XML, in the encodings the
// ФНС's files come in, and what it refuses before it is parsed. No database, no signature.
import { describe, expect, it } from 'vitest';
import {
  MAX_POWER_OF_ATTORNEY_BYTES,
  POWER_OF_ATTORNEY_FORMAT_TEXTS,
  readPowerOfAttorney,
} from '../../server/src/powers-of-attorney/emchd.ts';
import { TEST_DIRECTOR, TEST_REPRESENTATIVE } from '../../tools/test-ca.ts';
import { type MchdInput, mchdXml, TEST_COMPANY_PARTIES } from '../../tools/test-mchd.ts';

const input: MchdInput = {
  number: '1F0A2B3C-4D5E-6F70-8192-A3B4C5D6E7F8',
  internalNumber: 'Д-5',
  issuedOn: '2026-01-15',
  validTo: '2027-01-15',
  ...TEST_COMPANY_PARTIES,
  powers: { text: 'Подавать документы в комитет', codes: [{ code: 'AGR_FILE_001', name: 'Подача заявлений' }] },
};

/** The text in windows-1251, as some of the ФНС's tools save it. */
function windows1251(text: string): Uint8Array {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(new Uint8Array([byte])), byte);
  return new Uint8Array([...text].map((char) => table.get(char) ?? 0x3f));
}

describe('reading an МЧД', () => {
  it('takes the numbers, dates, principal, head, representative and powers, СНИЛС as 11 digits', () => {
    expect(readPowerOfAttorney(new TextEncoder().encode(mchdXml(input)))).toEqual({
      fileId: input.number,
      number: input.number,
      internalNumber: 'Д-5',
      issuedOn: '2026-01-15',
      validTo: '2027-01-15',
      principal: input.principal,
      heads: [
        { fio: TEST_DIRECTOR.fio, title: TEST_DIRECTOR.title, inn: TEST_DIRECTOR.inn, snils: TEST_DIRECTOR.snils },
      ],
      representative: {
        fio: TEST_REPRESENTATIVE.fio,
        title: TEST_REPRESENTATIVE.title,
        inn: TEST_REPRESENTATIVE.inn,
        snils: TEST_REPRESENTATIVE.snils,
      },
      powers: input.powers,
    });
  });

  it('reads a file in windows-1251 as one in UTF-8', () => {
    const xml = mchdXml(input).replace('encoding="UTF-8"', 'encoding="windows-1251"');
    expect(readPowerOfAttorney(windows1251(xml)).representative?.fio).toBe(TEST_REPRESENTATIVE.fio);
  });

  it('refuses more than 1 MB and any DTD before parsing, whatever the DTD declares', () => {
    const big = new Uint8Array(MAX_POWER_OF_ATTORNEY_BYTES + 1).fill(0x20);
    expect(() => readPowerOfAttorney(big)).toThrow(POWER_OF_ATTORNEY_FORMAT_TEXTS.tooLarge);
    const withDoctype = mchdXml(input).replace('<Доверенность ', '<!DOCTYPE Доверенность>\n<Доверенность ');
    expect(() => readPowerOfAttorney(new TextEncoder().encode(withDoctype))).toThrow(
      POWER_OF_ATTORNEY_FORMAT_TEXTS.unsafe,
    );
  });

  it('names the first schema error with its line, without the namespace', () => {
    const broken = mchdXml(input).replace(`НомДовер="${input.number}"`, 'НомДовер="не номер"');
    expect(() => readPowerOfAttorney(new TextEncoder().encode(broken))).toThrow(
      /^Файл не соответствует формату машиночитаемой доверенности ФНС \(EMCHD_1\): строка \d+: .*НомДовер/,
    );
    expect(() => readPowerOfAttorney(new TextEncoder().encode('<a>не закрыт'))).toThrow(/^Файл не соответствует/);
  });
});
