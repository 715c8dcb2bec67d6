import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void | Promise<void>;
}

/** Sends over SMTP_URL; without it (development only) prints each mail, code included, to stdout. */
export function createMailer(
  smtpUrl: string | null,
  from: string,
  print: (line: string) => void = console.log,
): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        print(
          `\n── Письмо (SMTP_URL не задан, печатаю вместо отправки) ──\nКому: ${mail.to}\nТема: ${mail.subject}\n\n${mail.text}\n──\n`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
