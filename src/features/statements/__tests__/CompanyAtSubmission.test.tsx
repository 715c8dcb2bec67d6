// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementItem } from '../../../test-support/statements.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn() }, QUIET: {} }));

const { default: CompanyAtSubmission } = await import('../components/detail/CompanyAtSubmission.tsx');

afterEach(cleanup);

const submitted = {
  submittedAt: '2026-03-02T09:00:00.000Z',
  companyName: 'ООО «Старое имя»',
  companyInn: '7701234567',
  companyOgrn: null,
  companyKpp: null,
  companyDirector: 'Иванов Иван Иванович',
  companyDirectorPhone: null,
};

describe('CompanyAtSubmission', () => {
  it('lists the values the statement was submitted with where they changed, each with today’s beside it', () => {
    render(
      <CompanyAtSubmission
        statement={statementItem({
          companyName: 'ООО «Новое имя»',
          companyInn: '7701234567',
          companyDirector: 'Иванов Иван Иванович',
          companyOgrn: '1027700000001',
          companyAtSubmission: submitted,
        })}
      />,
    );
    const block = screen.getByRole('region', { name: 'Компания на дату подачи 2 марта, 2026' });
    const terms = within(block)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Наименование', 'ОГРН']);
    const values = within(block)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(['ООО «Старое имя»сейчас: ООО «Новое имя»', '—сейчас: 1027700000001']);
  });

  it('draws nothing when nothing changed or the values at submission are not known', () => {
    const same = statementItem({
      companyName: submitted.companyName,
      companyInn: '7701234567',
      companyDirector: 'Иванов Иван Иванович',
      companyAtSubmission: submitted,
    });
    const { container, rerender } = render(<CompanyAtSubmission statement={same} />);
    expect(container.innerHTML).toBe('');
    rerender(<CompanyAtSubmission statement={statementItem({ companyName: 'Другое' })} />);
    expect(container.innerHTML).toBe('');
  });
});
