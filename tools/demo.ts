// The demo accounts the server seeds on an empty database (server/src/seed/demo.ts), and login-code helpers.

/** Each demo account by the role it plays in tests. */
export const demoUsers = {
  owner: { email: 'owner@demo.example', fio: 'Иванов Иван Иванович' },
  employee: { email: 'employee@demo.example', fio: 'Петрова Анна Сергеевна' },
  examiner1: { email: 'examiner1@demo.example', fio: 'Смирнов Алексей Петрович' },
  examiner2: { email: 'examiner2@demo.example', fio: 'Кузнецова Мария Игоревна' },
  head: { email: 'head@demo.example', fio: 'Орлова Елена Викторовна' },
} as const;

/** A demo account: the company's owner and employee, the committee's two examiners and its head. */
export type DemoRole = keyof typeof demoUsers;

export const demoRoles = Object.keys(demoUsers) as DemoRole[];

/** A 6-digit code that is not `code` (a different one for each `offset` from 1 to 999 999). */
export function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}
