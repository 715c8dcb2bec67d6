// The consent to the processing of personal data and the policy of processing (docs/product.md «Personal data»):
// each its own document with a version (№ 152-ФЗ art. 9 as amended by № 156-ФЗ: the consent is separate from every
// other document; art. 18.1: the operator publishes its policy). Each is a template a head edits in the
// administration, a new version on every publication; the operator's name, address and e-mail fill its placeholders
// from the configuration. Until a head publishes one, the portal's first edition is version 1.
import type {
  PersonalDataDocument,
  PersonalDataKind,
  PersonalDataTemplate,
  PersonalDataTemplateInput,
} from '#domain/contract.ts';
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import type { Config } from '../config.ts';
import type { ServiceContext } from '../context.ts';
import { apiError, fieldError } from '../errors.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findLatestDocument, insertDocument } from './documents.repository.ts';

/** What the portal says about personal data, in Russian. */
export const PERSONAL_DATA_TEXTS = {
  consentTitle: 'Согласие на обработку персональных данных',
  privacyTitle: 'Политика обработки персональных данных',
  /** A consent of another version than the current one (the page was opened before a new version). */
  consentOutdated: 'Текст согласия на обработку персональных данных изменился: прочитайте его ещё раз и подтвердите',
  registrationClosed:
    'Регистрация организаций на портале пока не открыта: не указан адрес оператора персональных данных ' +
    '(COMMITTEE_ADDRESS). Обратитесь в комитет',
  templateRequired: 'Введите текст',
  unknownPlaceholder: (name: string) =>
    `Неизвестная подстановка ${name}: допустимы {оператор}, {адрес}, {контакты}, {портал}`,
  unchanged: 'Текст не изменился',
  publishedMeanwhile: 'Другой руководитель уже опубликовал новую редакцию. Обновите страницу.',
} as const;

type Operator = Config['operator'];
/** What the documents read of the configuration. */
type Settings = Pick<Config, 'operator' | 'publicOrigin'>;
type Kind = PersonalDataKind;

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

/** 503 while the operator's address is not configured: nobody can consent, nor register, then. */
export function requireOperator(config: Settings): void {
  operatorOf(config);
}

/** The placeholders a template may carry and what each stands for now. */
function placeholders(config: Settings): Array<{ name: string; value: string }> {
  const operator = operatorOf(config);
  return [
    { name: '{оператор}', value: operator.name },
    { name: '{адрес}', value: operator.address },
    { name: '{контакты}', value: contact(operator) },
    { name: '{портал}', value: config.publicOrigin ?? 'портала' },
  ];
}

/** The first editions, which the portal carries (version 1 of each while nobody has published another). */
const FIRST_EDITIONS: Record<Kind, string> = {
  consent: [
    'Я, регистрируя организацию на портале дистанционного согласования архитектурно-градостроительного решения ({портал}), свободно, своей волей и в своём интересе даю согласие оператору — {оператор} (адрес: {адрес}) — на обработку моих персональных данных на следующих условиях.',
    'Цели обработки: регистрация организации и моя учётная запись на портале; подача от имени организации заявлений о согласовании архитектурно-градостроительного решения и документов к ним; рассмотрение заявлений, переписка и уведомления по ним; ведение истории действий на портале.',
    'Персональные данные: фамилия, имя, отчество; должность; номер телефона; адрес электронной почты; сведения сертификата электронной подписи (фамилия, имя, отчество, ИНН, СНИЛС), если я подписываю документы; IP-адрес и время действий на портале.',
    'Действия с персональными данными: сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) сотрудникам комитета, рассматривающим заявления, блокирование, удаление и уничтожение — с использованием средств автоматизации.',
    'Срок действия согласия: до достижения целей обработки или до отзыва согласия. Если регистрация не будет подтверждена, данные удаляются через 30 дней. Сведения, которые комитет обязан хранить по закону (заявления и решения по ним), хранятся в сроки, установленные законодательством об архивном деле.',
    'Отзыв согласия: я могу отозвать согласие, направив оператору заявление {контакты}. После отзыва оператор прекращает обработку и уничтожает персональные данные в течение 30 дней, кроме сведений, которые он обязан хранить по закону.',
    'Я подтверждаю, что ознакомлен(а) с Политикой обработки персональных данных и с тем, что согласие даётся отдельно от иных документов.',
  ].join('\n\n'),
  privacy: [
    '1. Оператор персональных данных — {оператор} (адрес: {адрес}). Политика действует в отношении всех персональных данных, которые оператор обрабатывает на портале дистанционного согласования архитектурно-градостроительного решения, и опубликована в соответствии со статьёй 18.1 Федерального закона от 27.07.2006 № 152-ФЗ «О персональных данных».',
    '2. Чьи данные обрабатываются: сотрудники организаций-заявителей (руководители, владельцы учётных записей организаций и их сотрудники), эксперты и руководители комитета.',
    '3. Цели обработки: регистрация организаций и пользователей; приём и рассмотрение заявлений о согласовании архитектурно-градостроительного решения; уведомления и переписка по ним; проверка электронных подписей и доверенностей; обеспечение безопасности портала; исполнение обязанностей, возложенных на комитет законодательством.',
    '4. Основания: согласие субъекта персональных данных, данное отдельным документом; исполнение полномочий комитета, предусмотренных административным регламентом предоставления муниципальной услуги.',
    '5. Состав данных: фамилия, имя, отчество; должность; номер телефона; адрес электронной почты; сведения сертификатов электронной подписи и машиночитаемых доверенностей (ИНН, СНИЛС); IP-адрес и время действий на портале. Специальные категории и биометрические персональные данные не обрабатываются.',
    '6. Сроки и уничтожение: данные незавершённой регистрации удаляются через 30 дней; прочие — по достижении целей обработки или при отзыве согласия, кроме сведений, срок хранения которых установлен законом. Уничтожение оформляется актом.',
    '7. Защита: доступ к данным имеют только пользователи, которым он нужен для работы с заявлениями; действия с данными протоколируются; передача по сети шифруется.',
    '8. Права субъекта: получить сведения об обработке своих данных, потребовать их уточнения, блокирования или уничтожения, отозвать согласие — {контакты}. Оператор отвечает в течение 10 рабочих дней.',
  ].join('\n\n'),
};

const TITLES: Record<Kind, string> = {
  consent: PERSONAL_DATA_TEXTS.consentTitle,
  privacy: PERSONAL_DATA_TEXTS.privacyTitle,
};

/** The template of a kind as published now: the latest version, or the first edition. */
async function currentTemplate(ctx: ServiceContext, kind: Kind) {
  const row = await findLatestDocument(ctx.db, kind);
  return row
    ? {
        version: row.version,
        template: row.template,
        publishedAt: row.published_at,
        publishedBy: row.published_by_name,
      }
    : { version: 1, template: FIRST_EDITIONS[kind], publishedAt: null, publishedBy: null };
}

/** The document as published now, its placeholders filled from the configuration (503 without the operator's address). */
export async function currentDocument(ctx: ServiceContext, kind: Kind): Promise<PersonalDataDocument> {
  const values = placeholders(ctx.config);
  const { version, template } = await currentTemplate(ctx, kind);
  let text = template;
  for (const { name, value } of values) text = text.split(name).join(value);
  return { version: String(version), title: TITLES[kind], text };
}

/** The consent's current version: what a registration names and every company user has consented to. */
export async function currentConsentVersion(ctx: ServiceContext): Promise<string> {
  const row = await findLatestDocument(ctx.db, 'consent');
  return String(row?.version ?? 1);
}

/** The template as the administration edits it (heads only). */
export async function personalDataTemplate(
  ctx: ServiceContext,
  actor: UserRow,
  kind: Kind,
): Promise<PersonalDataTemplate> {
  requireHead(actor);
  const current = await currentTemplate(ctx, kind);
  return {
    kind,
    version: String(current.version),
    title: TITLES[kind],
    template: current.template,
    publishedAt: current.publishedAt,
    publishedBy: current.publishedBy,
    placeholders: placeholders(ctx.config),
  };
}

/** A head publishes the next version of a kind; logged. See the contract for the refusals. */
export async function publishPersonalDataTemplate(
  ctx: ServiceContext,
  actor: UserRow,
  kind: Kind,
  input: PersonalDataTemplateInput,
): Promise<PersonalDataTemplate> {
  requireHead(actor);
  const known = new Set(placeholders(ctx.config).map((placeholder) => placeholder.name));
  const template = input.template.replace(/\r\n/g, '\n').trim();
  if (template === '') throw fieldError('template', PERSONAL_DATA_TEXTS.templateRequired);
  const unknown = (template.match(/\{[^{}\n]{1,40}\}/g) ?? []).find((name) => !known.has(name));
  if (unknown) throw fieldError('template', PERSONAL_DATA_TEXTS.unknownPlaceholder(unknown));
  const current = await currentTemplate(ctx, kind);
  if (String(current.version) !== input.expectedVersion)
    throw apiError('invalid_transition', PERSONAL_DATA_TEXTS.publishedMeanwhile);
  if (template === current.template) throw fieldError('template', PERSONAL_DATA_TEXTS.unchanged);
  const version = current.version + 1;
  try {
    await inAdminTransaction(ctx, async (trx, at) => {
      await insertDocument(trx.db, {
        kind,
        version,
        template,
        at,
        by: { id: actor.id, name: actor.fio ?? actor.email },
      });
      await recordChange(trx.db, actor, at, 'personal_data_published', `${TITLES[kind]}, редакция ${version}`, {
        kind,
        version,
      });
    });
  } catch (error) {
    // Another head published this version first: the unique (kind, version) lets one in.
    if ((await currentTemplate(ctx, kind)).version >= version) {
      throw apiError('invalid_transition', PERSONAL_DATA_TEXTS.publishedMeanwhile);
    }
    throw error;
  }
  return personalDataTemplate(ctx, actor, kind);
}
