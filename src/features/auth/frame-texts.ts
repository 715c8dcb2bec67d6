// The few texts the login page's initial JS shows while the form's chunk loads (its budget, bench figure 1): apart
// from texts.ts, which the form's chunk carries.

export const loginFrameTexts = {
  loading: 'Загрузка…',
  formLoadFailed: 'Не удалось загрузить форму входа. Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить', // e2e
} as const;
