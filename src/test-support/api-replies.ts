// Shared by unit tests that stand in for the API client: openapi-fetch style results and the demo owner.

/** An openapi-fetch style result: `data` on 2xx, `error` otherwise. */
export function reply(status: number, body?: unknown) {
  const ok = status >= 200 && status < 300;
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: { ok, status } };
}

/** The demo company owner as GET /api/users/me returns them. */
export const demoOwner = {
  id: 1,
  fio: 'Иванов Иван Иванович',
  email: 'owner@demo.example',
  role: 'owner',
  isOwner: true,
  company: { id: 1, legalEntity: 'ООО «СтройПроект»' },
  instance: null,
};
