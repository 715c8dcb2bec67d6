// The app's API client and uploader on the page's session: what the client reports by itself goes to the toasts, and
// whether it got an answer to the connection banner.

import { API_BASE_URL } from '../lib/api/base.ts';
import { type ApiClient, type ApiProblem, createApiClient } from '../lib/api/client.ts';
import { sessionCore } from '../lib/api/session-core.ts';
import { createUploader, type Uploader } from '../lib/api/upload.ts';
import { reportApiAnswer } from './connection.ts';
import { showToast } from './toasts.ts';
import { writeSettled, writeStarted } from './writes.ts';

/** Toast texts of the failures the client reports by itself. */
const problemTexts: Readonly<Record<ApiProblem, string>> = {
  network: 'Нет связи с сервером. Проверьте подключение к интернету.',
  timeout: 'Сервер не ответил вовремя. Попробуйте ещё раз.',
  server: 'Ошибка на сервере. Попробуйте ещё раз позже.',
};

/** The app's default client instance on the page's session; its transport failures and 5xx go to the toasts. */
export const api: ApiClient = createApiClient({
  session: sessionCore,
  onProblem: (problem: ApiProblem) => showToast('error', problemTexts[problem]),
});

// This tab's own writes in flight (writes.ts).
api.use({
  onRequest({ request, id }) {
    if (request.method !== 'GET') writeStarted(id);
    return undefined;
  },
  onResponse({ id, response }) {
    writeSettled(id);
    reportApiAnswer(response.status);
    return undefined;
  },
  onError({ id, request }) {
    writeSettled(id);
    // No answer at all; a call its caller gave up on or that timed out says nothing about the connection.
    if (!request.signal.aborted) reportApiAnswer(null);
    return undefined;
  },
});

/** Uploads one file to POST /api/prefiles with the default client's session. */
export const uploadPrefile: Uploader = createUploader({
  baseUrl: API_BASE_URL,
  getToken: () => api.getFreshAccessToken(),
  createRequest: () => new XMLHttpRequest(),
  onUnauthorized: () => {
    // The token was fresh a moment ago: if a refresh cannot save the session either, it is over.
    void api.refreshAccessToken().then((refreshed) => {
      if (!refreshed) api.endSession({ broadcast: true });
    });
  },
});
