// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeadlineNote, DeadlineTag } from '../components/DeadlineTags.tsx';
import { StatementHistory } from '../components/StatementTimeline.tsx';

afterEach(() => cleanup());

describe('StatementHistory', () => {
  it('is a region named «История» holding an ordered list, oldest first, with when, who and which side', () => {
    render(
      <StatementHistory
        history={[
          { status: 'sent', at: '2026-11-20T07:00:00Z', actor: 'Иванов Иван Иванович', byCommittee: false, term: null },
          {
            status: 'under_review',
            at: '2026-11-20T09:15:00Z',
            actor: 'Петрова Анна Сергеевна',
            byCommittee: true,
            term: null,
          },
          {
            status: 'approved',
            at: '2026-12-03T10:00:00Z',
            actor: 'Петрова Анна Сергеевна',
            byCommittee: true,
            term: { dueDate: '2026-12-04', onTime: true },
          },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'История' });
    const items = within(within(region).getByRole('list')).getAllByRole('listitem');
    expect(region.querySelector('ol')).not.toBeNull();
    expect(items.map((item) => item.textContent)).toEqual([
      'Заявление поданоЗаявитель20 ноября 2026 г., 10:00 МСК · , Иванов Иван Иванович',
      'Принято в работуКомитет20 ноября 2026 г., 12:15 МСК · , Петрова Анна Сергеевна',
      'СогласованоКомитет3 декабря 2026 г., 13:00 МСК · , Петрова Анна СергеевнаВ срок (срок — до 4 декабря 2026 г.)',
    ]);
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T07:00:00Z');
  });

  it('says so when there is no change yet', () => {
    render(<StatementHistory history={[]} />);
    expect(screen.getByRole('region', { name: 'История' }).textContent).toContain('Изменений статуса пока нет');
  });
});

describe('DeadlineNote and DeadlineTag', () => {
  it('shows the running term and marks a provisional one in words', () => {
    render(
      <DeadlineNote
        statement={{
          status: 'under_review',
          reviewDeadline: { dueDate: '2027-01-15', workingDaysLeft: 5, provisional: true },
        }}
      />,
    );
    const line = screen.getByTestId('deadline');
    expect(line.textContent).toMatch(
      /^Срок рассмотрения — до 15 января 2027 г\. \(осталось 5 рабочих дней\), предварительно \(Производственный календарь/,
    );
  });

  it('marks an overdue term by an icon besides the words and colour', () => {
    render(
      <DeadlineNote
        statement={{
          status: 'sent',
          reviewDeadline: { dueDate: '2026-12-04', workingDaysLeft: -2, provisional: false },
        }}
      />,
    );
    const line = screen.getByTestId('deadline');
    expect(line.className).toContain('deadline--overdue');
    expect(line.querySelector('.deadline__icon[aria-hidden="true"]')).not.toBeNull();
    expect(line.textContent).toBe('!Срок рассмотрения истёк 4 декабря 2026 г. (просрочено на 2 рабочих дня)');
  });

  it('draws nothing without a term to tell', () => {
    const { container } = render(
      <>
        <DeadlineNote statement={{ status: 'sent', reviewDeadline: null }} />
        <DeadlineTag deadline={null} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('gives the card the short due date', () => {
    render(<DeadlineTag deadline={{ dueDate: '2026-12-04', workingDaysLeft: 3, provisional: false }} />);
    expect(screen.getByText('Срок: до 4 декабря')).toBeTruthy();
  });
});
