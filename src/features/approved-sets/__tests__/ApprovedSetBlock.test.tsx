// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovedSet } from '#domain/contract.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn() }, QUIET: {} }));

afterEach(cleanup);

// 'Согласованный комплект' (docs/product.md «The approved set»): its inventory with the reader's action, and, while the
// set waits for the inventory's signature, who is to sign it.
const set = (over: Partial<ApprovedSet>): ApprovedSet => ({
  files: [
    { sourceFileId: 3, fileName: 'План_согласовано.pdf', url: 'k1', size: 4096, sha256: 'a'.repeat(64), pages: 2 },
  ],
  inventory: {
    id: 9,
    fileName: 'Опись_комплекта_4.pdf',
    url: 'k2',
    size: 2048,
    sha256: 'b'.repeat(64),
    signature: null,
    signatureFile: null,
  },
  notStamped: [],
  awaitingSignature: false,
  approverGone: false,
  ...over,
});

describe('ApprovedSetBlock', () => {
  it("lists the inventory with the reader's action, and says the set waits for its signature", async () => {
    const { ApprovedSetBlock } = await import('../ApprovedSetBlock.tsx');
    render(
      <ApprovedSetBlock
        statementId={1}
        visibleId={4}
        set={set({ awaitingSignature: true })}
        inventoryAction={(file) => <button type="button">{`Подписать решение «${file.fileName}»`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Скачать «Опись_комплекта_4.pdf»' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Подписать решение «Опись_комплекта_4.pdf»' })).toBeTruthy();
    expect(screen.getByText('Ожидает подписи')).toBeTruthy();
    expect(screen.getByTestId('approved-set-awaiting').textContent).toContain(
      'когда эксперт, согласовавший заявление, подпишет опись',
    );
  });

  it('names the head as the signer when the examiner who approved has left', async () => {
    const { ApprovedSetBlock } = await import('../ApprovedSetBlock.tsx');
    render(
      <ApprovedSetBlock statementId={1} visibleId={4} set={set({ awaitingSignature: true, approverGone: true })} />,
    );
    expect(screen.getByTestId('approved-set-awaiting').textContent).toContain('опись подписывает руководитель отдела');
  });

  it('shows no waiting once the inventory is signed', async () => {
    const { ApprovedSetBlock } = await import('../ApprovedSetBlock.tsx');
    render(<ApprovedSetBlock statementId={1} visibleId={4} set={set({})} />);
    expect(screen.queryByTestId('approved-set-awaiting')).toBeNull();
    expect(screen.queryByText('Ожидает подписи')).toBeNull();
  });
});
