import { describe } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import { MAX_FILE_SIZE } from '#domain/files.ts';
import { formatFileSize } from '../file-size.ts';

describe('formatFileSize (B up to GB/TB with two decimals)', () => {
  itMaps('%d -> %j', formatFileSize, [
    [0, '0 Б'],
    [1, '1 Б'],
    [1023, '1023 Б'],
    [1024, '1,00 КБ'],
    [1536, '1,50 КБ'],
    [20 * 1024 * 1024, '20,00 МБ'],
    [MAX_FILE_SIZE, '100,00 МБ'],
    [1024 ** 3 * 1.25, '1,25 ГБ'],
    [1024 ** 4 * 3, '3,00 ТБ'],
    [1024 ** 5, '1024,00 ТБ'],
    [-1, '—'],
    [Number.NaN, '—'],
  ]);
});
