// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StageFile } from '#domain/contract.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn() }, QUIET: {} }));

const { StageFiles } = await import('../StageFiles.tsx');
const { $viewer } = await import('../viewer.ts');

afterEach(() => {
  cleanup();
  $viewer.set(null);
});

const file = (id: number, fileName: string, change: StageFile['change'], previousUrl: string | null = null) => ({
  id,
  url: `key-${id}`,
  fileName,
  size: 2048,
  sha256: null,
  change,
  previousUrl,
  signature: null,
  signatureFile: null,
});

describe('StageFiles', () => {
  it('marks each file against the previous submission and offers the comparison only for a changed PDF', () => {
    render(
      <StageFiles
        files={[
          file(1, 'Фасады.pdf', 'changed', 'old-1'),
          file(2, 'План.pdf', 'unchanged', 'old-2'),
          file(3, 'Генплан.pdf', 'new'),
          file(4, 'Фото.png', 'changed', 'old-4'),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.file-mark')?.textContent)).toEqual([
      'изменён',
      'без изменений',
      'новый',
      'изменён',
    ]);
    for (const name of ['Фасады.pdf', 'План.pdf', 'Генплан.pdf', 'Фото.png']) {
      expect(screen.getByRole('button', { name: `Просмотр «${name}»` })).toBeTruthy();
    }
    expect(
      screen
        .getAllByRole('button', { name: /^Сравнить с предыдущей версией «/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Сравнить с предыдущей версией «Фасады.pdf»']);
  });

  it('shows no mark in a first submission, and «не представлен» for what a new one no longer presents', () => {
    const { unmount } = render(<StageFiles files={[file(1, 'Фасады.pdf', null)]} />);
    expect(screen.getByRole('listitem').querySelector('.file-mark')).toBeNull();
    unmount();
    render(<StageFiles files={[file(5, 'Записка.docx', null)]} absent />);
    expect(within(screen.getByRole('listitem')).getByText('не представлен')).toBeTruthy();
  });

  it('says who signed a document, or why its signature is not valid, and offers its signature file', () => {
    const verdict = (status: NonNullable<StageFile['signature']>['status']) => ({
      status,
      signer: {
        fio: 'Иванов Иван Иванович',
        title: 'Генеральный директор',
        organization: 'ООО «СтройПроект»',
        inn: null,
        innLe: '7701234560',
        ogrn: '1027700123450',
        snils: '12345678901',
      },
      certificate: {
        serialNumber: '0A1B',
        issuer: 'Тестовый УЦ',
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2029-11-25T12:00:00Z',
      },
      signedAt: null,
      checkedAt: '2026-11-27T00:00:00Z',
    });
    const sigOf = (id: number, fileName: string) => ({ id, url: `sig-${id}`, fileName, size: 1500, sha256: null });
    render(
      <StageFiles
        files={[
          { ...file(1, 'Фасады.pdf', null), signature: verdict('valid'), signatureFile: sigOf(11, 'Фасады.pdf.sig') },
          {
            ...file(2, 'Разрез.pdf', null),
            signature: verdict('foreign_organization'),
            signatureFile: sigOf(12, 'Разрез.sig'),
          },
          file(3, 'Записка.pdf', null),
        ]}
      />,
    );
    const [signed, foreign, unsigned] = screen.getAllByRole('listitem');
    expect(signed?.textContent).toContain(
      'Подписан: Иванов Иван Иванович, ООО «СтройПроект», сертификат до 25.11.2029',
    );
    expect(foreign?.textContent).toContain('Подпись принадлежит другой организации');
    expect(foreign?.textContent).not.toContain('Подписан:');
    expect(unsigned?.textContent).not.toMatch(/Подпис/);
    expect(
      screen.getAllByRole('button', { name: /^Скачать подпись «/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Скачать подпись «Фасады.pdf.sig»', 'Скачать подпись «Разрез.sig»']);
  });

  it('opens the viewer on the file, or on the comparison', () => {
    const changed = file(1, 'Фасады.pdf', 'changed', 'old-1');
    render(<StageFiles files={[changed]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Просмотр «Фасады.pdf»' }));
    expect($viewer.get()).toEqual({ file: changed, mode: 'view' });
    fireEvent.click(screen.getByRole('button', { name: 'Сравнить с предыдущей версией «Фасады.pdf»' }));
    expect($viewer.get()).toEqual({ file: changed, mode: 'compare' });
  });
});
