import { describe, expect, it } from 'vitest';
import {
  boundFileName,
  FILE_ACCEPT,
  fileProblem,
  fileTexts,
  finalExtension,
  isBlockedName,
  MAX_FILE_SIZE,
  pairSignatures,
  visibleFileName,
} from '../files.ts';
import { itMaps } from './table.ts';

describe('finalExtension: the last extension after trimming dots, spaces and anything after a NUL', () => {
  itMaps('%j -> %j', finalExtension, [
    ['report.pdf', 'pdf'],
    ['EVIL.EXE', 'exe'],
    ['a.pdf.exe', 'exe'],
    ['a.exe.pdf', 'pdf'],
    ['a.exe.', 'exe'],
    ['a.exe . .', 'exe'],
    ['a.exe\0.pdf', 'exe'],
    ['счёт\u202efdp.exe', 'exe'],
    ['a.exe\u202e', 'exe'],
    ['a.ex\u200fe', 'exe'],
    ['a.\u2067exe\u2069', 'exe'],
    ['a.exe\u0007', 'exe'],
    ['Альбом АГР.PDF', 'pdf'],
    ['.exe', 'exe'],
    ['README', ''],
    ['', ''],
    ['...', ''],
  ]);
});

describe('isBlockedName (the blocked-extension list)', () => {
  itMaps('%j -> %s', isBlockedName, [
    ['setup.exe', true],
    ['setup.msi', true],
    ['run.bat', true],
    ['run.cmd', true],
    ['run.sh', true],
    ['app.js', true],
    ['macro.vbs', true],
    ['lib.jar', true],
    ['old.com', true],
    ['saver.scr', true],
    ['Script.PS1', true],
    ['a.exe.', true],
    ['a.pdf.exe', true],
    ['a.exe.pdf', false],
    ['plan.docx', false],
    ['photo.jpeg', false],
    ['site.json', false],
    ['noextension', false],
  ]);
});

describe('fileProblem: the product texts', () => {
  itMaps('%j -> %j', fileProblem, [
    [{ name: 'plan.pdf', size: 10 }, null],
    [{ name: 'plan.pdf', size: MAX_FILE_SIZE }, null],
    [{ name: 'plan.pdf', size: MAX_FILE_SIZE + 1 }, 'Файл «plan.pdf» больше 100 МБ'],
    [{ name: 'Setup.EXE', size: 10 }, 'Недопустимый тип файла: .exe'],
    [{ name: 'a.exe. ', size: 10 }, 'Недопустимый тип файла: .exe'],
    // A blocked type is named first even when the file is also too large.
    [{ name: 'big.jar', size: MAX_FILE_SIZE + 1 }, 'Недопустимый тип файла: .jar'],
  ]);

  it('names a failed upload with the product text', () => {
    expect(fileTexts.uploadFailed('Проект.pdf')).toBe('Не удалось загрузить «Проект.pdf»');
    expect(fileTexts.uploadError).toBe('Ошибка');
  });
});

describe('the picker offers the allowed file types', () => {
  it('lists them as an accept attribute', () => {
    // The documents, and their detached signatures (docs/product.md «Signatures»).
    expect(FILE_ACCEPT).toBe('.doc,.docx,.pdf,.png,.jpg,.jpeg,.gif,.sig,.p7s');
  });
});

describe('visibleFileName: what is shown and stored, without controls and bidirectional marks', () => {
  itMaps('%j -> %j', visibleFileName, [
    ['Альбом АГР.pdf', 'Альбом АГР.pdf'],
    ['счёт\u202efdp.exe', 'счётfdp.exe'],
    ['отчёт\u2066 \u2069.pdf', 'отчёт .pdf'],
    ['a\u0000.exe', 'a'],
    ['\ufeffплан.dwg', 'план.dwg'],
    ['tab\tname.pdf', 'tabname.pdf'],
  ]);
});

describe('boundFileName', () => {
  it('keeps a name of 255 characters or fewer as it is', () => {
    const name = `${'а'.repeat(251)}.pdf`;
    expect(boundFileName(name)).toBe(name);
  });
  it('cuts a longer name to 255 characters keeping the extension', () => {
    const cut = boundFileName(`${'чертёж'.repeat(7_000)}.pdf`);
    expect([...cut].length).toBe(255);
    expect(cut).toBe(`${'чертёж'.repeat(7_000).slice(0, 251)}.pdf`);
  });
  it('never splits a surrogate pair, and cuts a name without an extension', () => {
    const cut = boundFileName('😀'.repeat(300));
    expect([...cut].length).toBe(255);
    expect(cut).toBe('😀'.repeat(255));
  });
  it('keeps a blocked extension visible, so the check still refuses it', () => {
    expect(boundFileName(`${'a'.repeat(1000)}.exe`).endsWith('.exe')).toBe(true);
  });
});

describe("pairSignatures: a batch's signatures with its documents, as a filing pairs them", () => {
  const named = (...names: string[]) => names.map((name) => ({ name }));
  const problems = (batch: { name: string }[]) => [...pairSignatures(batch).problems.values()];

  it('pairs X.pdf.sig and X.sig (the one document named X) with their documents, names and case as shown', () => {
    const batch = named('План.pdf', 'ФАСАДЫ.PDF', 'План.pdf.sig', 'фасады.p7s');
    const { documents, signed } = pairSignatures(batch);
    expect(documents.map((file) => file.name)).toEqual(['План.pdf', 'ФАСАДЫ.PDF']);
    expect([...signed].map(([document, signature]) => `${document.name} <- ${signature.name}`)).toEqual([
      'План.pdf <- План.pdf.sig',
      'ФАСАДЫ.PDF <- фасады.p7s',
    ]);
    expect(problems(batch)).toEqual([]);
  });

  it('names a signature of no document of the batch, and one of a document that two stems could be', () => {
    expect(problems(named('План.pdf', 'Разрез.pdf.sig'))).toEqual([
      'Файл подписи «Разрез.pdf.sig» не относится ни к одному документу',
    ]);
    // X.sig with X.pdf and X.docx: which one it signs cannot be told.
    expect(problems(named('План.pdf', 'План.docx', 'План.sig'))).toEqual([
      'Файл подписи «План.sig» не относится ни к одному документу',
    ]);
    // A signature alone, or of another signature, signs nothing.
    expect(problems(named('План.sig'))).toEqual(['Файл подписи «План.sig» не относится ни к одному документу']);
  });

  it('names the document of a second signature, on the second one only', () => {
    const batch = named('План.pdf', 'План.pdf.sig', 'План.sig');
    const pairing = pairSignatures(batch);
    expect([...pairing.problems].map(([file, text]) => `${file.name}: ${text}`)).toEqual([
      'План.sig: К документу «План.pdf» приложено несколько файлов подписи',
    ]);
    expect(pairing.signed.get(batch[0] as { name: string })?.name).toBe('План.pdf.sig');
  });
});
