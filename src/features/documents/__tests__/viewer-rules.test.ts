import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import { viewKind } from '#domain/files.ts';
import {
  canCompare,
  clampPage,
  differencePercent,
  fitWidthScale,
  pagesToKeep,
  zoomIn,
  zoomOut,
} from '../viewer-rules.ts';

describe('viewKind', () => {
  itMaps('%s opens as %s', viewKind, [
    ['План.PDF', 'pdf'],
    ['фасад.pdf', 'pdf'],
    ['фото.JPG', 'image'],
    ['схема.jpeg', 'image'],
    ['схема.png', 'image'],
    ['анимация.gif', 'image'],
    ['пояснение.docx', 'none'],
    ['пояснение.doc', 'none'],
    ['без расширения', 'none'],
    ['hidden.pdf\u202E', 'pdf'],
    ['двойное.pdf.docx', 'none'],
  ]);
});

describe('canCompare', () => {
  const file = { fileName: 'фасад.pdf', change: 'changed' as const, previousUrl: 'key' };
  it('offers the comparison for a changed PDF with its previous version', () => {
    expect(canCompare(file)).toBe(true);
  });
  it('does not for an unchanged or new file, an image, or one without a previous version', () => {
    expect(canCompare({ ...file, change: 'unchanged' })).toBe(false);
    expect(canCompare({ ...file, change: 'new', previousUrl: null })).toBe(false);
    expect(canCompare({ ...file, change: null })).toBe(false);
    expect(canCompare({ ...file, fileName: 'фасад.png' })).toBe(false);
    expect(canCompare({ ...file, previousUrl: null })).toBe(false);
  });
});

describe('zoom', () => {
  itMaps('in from %s is %s', zoomIn, [
    [1, 1.1],
    [1.05, 1.1],
    [0.25, 0.33],
    [4, 4],
  ]);
  itMaps('out from %s is %s', zoomOut, [
    [1, 0.9],
    [1.05, 1],
    [4, 3],
    [0.25, 0.25],
  ]);
  itMaps('a page %s pt wide in %s px fits at %s', fitWidthScale, [
    [600, 1200, 2],
    [600, 300, 0.5],
    [600, 60, 0.25],
    [100, 1000, 4],
    [0, 500, 1],
  ]);
});

describe('clampPage', () => {
  itMaps('%s of %s pages (at %s) is page %s', clampPage, [
    ['2', 5, 1, 2],
    [' 3 ', 5, 1, 3],
    ['0', 5, 2, 1],
    ['99', 5, 2, 5],
    ['', 5, 2, 2],
    ['abc', 5, 4, 4],
    [7, 5, 1, 5],
    [-1, 5, 3, 1],
  ]);
});

describe('pagesToKeep', () => {
  it('keeps the visible pages and one neighbour each side, within the document', () => {
    expect([...pagesToKeep([1], 300)].sort((a, b) => a - b)).toEqual([1, 2]);
    expect([...pagesToKeep([150, 151], 300)].sort((a, b) => a - b)).toEqual([149, 150, 151, 152]);
    expect([...pagesToKeep([300], 300)].sort((a, b) => a - b)).toEqual([299, 300]);
    expect(pagesToKeep([], 300).size).toBe(0);
  });
});

describe('differencePercent', () => {
  itMaps('%s of %s pixels differ: %s %', differencePercent, [
    [0, 1000, 0],
    [1, 1_000_000, 1],
    [250, 1000, 25],
    [10, 0, 0],
  ]);
});
