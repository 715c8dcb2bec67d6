// The consent to the processing of personal data and the policy of processing (docs/product.md «Personal data»):
// each its own document with a version (№ 152-ФЗ art. 9 as amended by № 156-ФЗ: the consent is separate from every
// other document; art. 18.1: the operator publishes its policy). The operator's name, address and e-mail come from
// the configuration; the texts are the portal's first edition, version 1.
import type { PersonalDataDocument } from '#domain/contract.ts';
import type { Config } from '../config.ts';
import { apiError } from '../errors.ts';

/** What the portal says about personal data, in Russian. */
export const PERSONAL_DATA_TEXTS = {
  consentTitle: 'Согласие на обработку персональных данных',
  privacyTitle: 'Политика обработки персональных данных',
  /** A consent of another version than the current one (the page was opened before a new version). */
  consentOutdated: 'Текст согласия на обработку персональных данных изменился: прочитайте его ещё раз и подтвердите',
  registrationClosed:
    'Регистрация организаций на портале пока не открыта: не указан адрес оператора персональных данных ' +
    '(COMMITTEE_ADDRESS). Обратитесь в комитет',
} as const;

/** The version of the consent a registration must name. */
export const CONSENT_VERSION = '1';
const PRIVACY_VERSION = '1';

type Operator = Config['operator'];
/** What the documents read of the configuration. */
type Settings = Pick<Config, 'operator' | 'publicOrigin'>;

/** The operator as the documents name it; 503 when its address is not configured (nobody can consent then). */
function operatorOf(config: Settings): Required<{ [K in keyof Operator]: string }> {
  const { name, address, email } = config.operator;
  if (!address) throw apiError('service_unavailable', PERSONAL_DATA_TEXTS.registrationClosed);
  return { name, address, email: email ?? '' };
}

/** How a person reaches the operator about their data: by post, and by e-mail when one is configured. */
function contact(operator: Required<{ [K in keyof Operator]: string }>): string {
  return operator.email
    ? `письмом по адресу: ${operator.address}, или по электронной почте ${operator.email}`
    : `письмом по адресу: ${operator.address}`;
}

/** The consent as it stands now. */
export function currentConsent(config: Settings): PersonalDataDocument {
  const operator = operatorOf(config);
  const origin = config.publicOrigin ?? 'портала';
  return {
    version: CONSENT_VERSION,
    title: PERSONAL_DATA_TEXTS.consentTitle,
    text: [
      `Я, регистрируя организацию на портале дистанционного согласования архитектурно-градостроительного решения (${origin}), свободно, своей волей и в своём интересе даю согласие оператору — ${operator.name} (адрес: ${operator.address}) — на обработку моих персональных данных на следующих условиях.`,
      'Цели обработки: регистрация организации и моя учётная запись на портале; подача от имени организации заявлений о согласовании архитектурно-градостроительного решения и документов к ним; рассмотрение заявлений, переписка и уведомления по ним; ведение истории действий на портале.',
      'Персональные данные: фамилия, имя, отчество; должность; номер телефона; адрес электронной почты; сведения сертификата электронной подписи (фамилия, имя, отчество, ИНН, СНИЛС), если я подписываю документы; IP-адрес и время действий на портале.',
      'Действия с персональными данными: сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) сотрудникам комитета, рассматривающим заявления, блокирование, удаление и уничтожение — с использованием средств автоматизации.',
      'Срок действия согласия: до достижения целей обработки или до отзыва согласия. Если регистрация не будет подтверждена, данные удаляются через 30 дней. Сведения, которые комитет обязан хранить по закону (заявления и решения по ним), хранятся в сроки, установленные законодательством об архивном деле.',
      `Отзыв согласия: я могу отозвать согласие, направив оператору заявление ${contact(operator)}. После отзыва оператор прекращает обработку и уничтожает персональные данные в течение 30 дней, кроме сведений, которые он обязан хранить по закону.`,
      'Я подтверждаю, что ознакомлен(а) с Политикой обработки персональных данных и с тем, что согласие даётся отдельно от иных документов.',
    ].join('\n\n'),
  };
}

/** The policy of processing as it stands now. */
export function currentPrivacyPolicy(config: Settings): PersonalDataDocument {
  const operator = operatorOf(config);
  return {
    version: PRIVACY_VERSION,
    title: PERSONAL_DATA_TEXTS.privacyTitle,
    text: [
      `1. Оператор персональных данных — ${operator.name} (адрес: ${operator.address}). Политика действует в отношении всех персональных данных, которые оператор обрабатывает на портале дистанционного согласования архитектурно-градостроительного решения, и опубликована в соответствии со статьёй 18.1 Федерального закона от 27.07.2006 № 152-ФЗ «О персональных данных».`,
      '2. Чьи данные обрабатываются: сотрудники организаций-заявителей (руководители, владельцы учётных записей организаций и их сотрудники), эксперты и руководители комитета.',
      '3. Цели обработки: регистрация организаций и пользователей; приём и рассмотрение заявлений о согласовании архитектурно-градостроительного решения; уведомления и переписка по ним; проверка электронных подписей и доверенностей; обеспечение безопасности портала; исполнение обязанностей, возложенных на комитет законодательством.',
      '4. Основания: согласие субъекта персональных данных, данное отдельным документом; исполнение полномочий комитета, предусмотренных административным регламентом предоставления муниципальной услуги.',
      '5. Состав данных: фамилия, имя, отчество; должность; номер телефона; адрес электронной почты; сведения сертификатов электронной подписи и машиночитаемых доверенностей (ИНН, СНИЛС); IP-адрес и время действий на портале. Специальные категории и биометрические персональные данные не обрабатываются.',
      '6. Сроки и уничтожение: данные незавершённой регистрации удаляются через 30 дней; прочие — по достижении целей обработки или при отзыве согласия, кроме сведений, срок хранения которых установлен законом. Уничтожение оформляется актом.',
      '7. Защита: доступ к данным имеют только пользователи, которым он нужен для работы с заявлениями; действия с данными протоколируются; передача по сети шифруется.',
      `8. Права субъекта: получить сведения об обработке своих данных, потребовать их уточнения, блокирования или уничтожения, отозвать согласие — ${contact(operator)}. Оператор отвечает в течение 10 рабочих дней.`,
    ].join('\n\n'),
  };
}
