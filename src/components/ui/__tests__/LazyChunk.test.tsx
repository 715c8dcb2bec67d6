// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LazyChunk, { chunk } from '../LazyChunk.tsx';

// A part of a page loaded after the page's own code: its stand-in while it loads, and a retry (not a blank island)
// when its chunk fails (offline, or a deploy replaced it).

afterEach(() => cleanup());

function Part({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('LazyChunk', () => {
  it('shows the failure with a retry that loads the part anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let loads = 0;
    const load = chunk(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: Part };
    });
    render(
      <LazyChunk
        load={load}
        props={{ text: 'Часть страницы' }}
        fallback={<p>Загрузка</p>}
        failedText="Не удалось загрузить часть страницы"
        retryLabel="Повторить"
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить часть страницы');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByText('Часть страницы')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loads).toBe(2);
  });

  it('a part mounted after its chunk has loaded shows at once, not its stand-in', async () => {
    const load = chunk(async () => ({ default: Part }));
    const part = (text: string) => (
      <LazyChunk load={load} props={{ text }} fallback={<p>Загрузка</p>} failedText="Ошибка" retryLabel="Повторить" />
    );
    render(part('Первое окно'));
    await screen.findByText('Первое окно');
    cleanup();
    // A new lazy around the loaded (React-marked) promise suspended again and, inside act, replayed it forever.
    render(part('Второе окно'));
    expect(screen.getByText('Второе окно')).toBeTruthy();
    expect(screen.queryByText('Загрузка')).toBeNull();
  });

  it('loads a chunk once for every caller', async () => {
    let loads = 0;
    const load = chunk(async () => {
      loads += 1;
      return { default: Part };
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    await load();
    expect(loads).toBe(1);
  });
});
