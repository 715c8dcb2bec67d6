// Russian texts of the login screen; the labels marked "e2e" are relied on by the browser tests.
import { loginFrameTexts } from './frame-texts.ts';

/** Texts of the login page (docs/product.md «Screens and routes» (the login screen), «Validation», «Error texts»). */
export const loginTexts = {
  ...loginFrameTexts,
  pageTitle: 'Вход',
  emailHeading: 'Вход в личный кабинет',
  emailIntro: 'Введите адрес электронной почты, указанный при регистрации. Мы отправим на него код для входа.',
  emailLabel: 'Электронная почта', // e2e
  emailHint: 'Например, ivanov@example.ru',
  getCode: 'Получить код', // e2e
  passwordLink: 'Войти по паролю',
  codeHeading: 'Введите код из письма',
  codeSentTo: 'Мы отправили шестизначный код на адрес',
  codeValidity: 'Код действует 10 минут. Если письма нет, проверьте папку «Спам».',
  codeLegend: 'Код подтверждения',
  digitLabel: (n: number) => `Цифра ${n}`, // e2e
  confirm: 'Подтвердить', // e2e
  changeEmail: 'Изменить e-mail', // e2e
  resend: 'Отправить код повторно', // e2e
  resent: 'Новый код отправлен. Предыдущий код больше не действует.',
  sendFailed: 'Не удалось отправить код. Попробуйте ещё раз.',
  tooManyAttempts: 'Слишком много неверных попыток. Запросите код заново.',
  codeExpired: 'Код истёк. Отправьте новый.',
  wrongCode: 'Неверный код.',
  wrongCodeLeft: (n: number) => `Неверный код. Осталось попыток: ${n}`,
  verifyFailed: 'Не удалось проверить код. Попробуйте ещё раз.',
  errorTitle: 'Ошибка',
} as const;
