// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn() }, QUIET: {} }));

afterEach(cleanup);

const file = (id: number, fileName: string) => ({
  id,
  url: `key-${id}`,
  fileName,
  size: 2048,
  sha256: null,
  change: null,
  previousUrl: null,
  signature: null,
  signatureFile: null,
});

describe('CorrectionsBlock', () => {
  it("offers the reader's action beside the corrected certificate's file", async () => {
    const { CorrectionsBlock } = await import('../CorrectionsBlock.tsx');
    const corrected = file(7, 'Свидетельство_4_исправленное.pdf');
    render(
      <CorrectionsBlock
        corrections={[
          {
            id: 1,
            text: 'Опечатка в адресе',
            status: 'corrected',
            requestedAt: '2026-11-20T10:00:00Z',
            requestedBy: 'Иванов Иван Иванович',
            dueDate: '2026-11-27',
            deadline: null,
            answer: null,
            answeredAt: '2026-11-21T10:00:00Z',
            replacesDate: '2026-11-19T10:00:00Z',
            checkUrl: null,
            requisites: null,
            files: [corrected],
          },
        ]}
        fileAction={(shown) => <button type="button">{`Подписать решение «${shown.fileName}»`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Подписать решение «Свидетельство_4_исправленное.pdf»' })).toBeTruthy();
  });
});
