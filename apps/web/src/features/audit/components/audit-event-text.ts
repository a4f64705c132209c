import type { OrganizationAuditEvent as AuditEvent } from '@cabinet/contracts';
import { displayName, personLabel } from '@/lib/format';
import { textNow } from '@/lib/i18n';
import { memberTypeLabel } from '@/lib/member-types';
import { quoted } from '@/lib/quoted';
import { type AuditText, auditTexts } from '../texts';

// An event's object and what changed, in words, from the fields every event has and the details its
// action records (apps/api: recordAudit calls). A detail an older event lacks falls back to the id. The
// words are the audit catalogue's, in the page's language when the text is built.

const TARGET_NOUNS: Record<string, AuditText> = {
  user: 'Пользователь',
  organization: 'Организация',
  plan: 'Тариф',
  file: 'Файл',
  order: 'Заказ',
  session: 'Сеанс',
  invitation: 'Приглашение',
  transfer: 'Передача',
  passkey: 'Ключ доступа',
  domain: 'Домен',
};

const FIELD_NAMES: Record<string, AuditText> = {
  type: 'тип',
  avatar_file_id: 'аватар',
  email: 'эл. почта',
  price_month: 'цена в месяц',
  price_year: 'цена в год',
  max_members: 'участников',
  max_organizations: 'организаций',
  new_device_mail: 'письма о новых входах',
  sso: 'единый вход (SSO) и SCIM',
};

type Change = { from: unknown; to: unknown };
const isChange = (value: unknown): value is Change =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
const t = () => textNow(auditTexts);
function text(value: unknown): string {
  if (typeof value === 'boolean') return value ? t()('вкл.') : t()('выкл.');
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** 'Имя (email)', or the one of the two there is. */
const person = (name: string | null, email: string | null) =>
  email ? personLabel({ name, email }) : displayName({ name });

/** What the event is about: a person, an organization, a plan, a file… */
export function auditObject(event: AuditEvent): string {
  const d = event.details;
  const name = str(d.name) ?? (isChange(d.name) ? str(d.name.to) : null);
  const email = str(d.email) ?? (isChange(d.email) ? str(d.email.to) : null);
  if (event.target_type === 'user' && (name || email)) return person(name, email);
  if (event.target_type === 'invitation' && email) return t()('для {email}', { email });
  if (event.target_type === 'transfer' && str(d.to_email))
    return t()('кому: {person}', { person: person(str(d.to_name), str(d.to_email)) });
  if (event.target_type === 'session' && typeof d.count === 'number')
    return t()('на других устройствах: {count}', { count: d.count });
  if (event.target_type === 'session' && str(d.device)) return String(d.device);
  const url = str(d.url) ?? (isChange(d.url) ? str(d.url.to) : null);
  if (event.target_type === 'webhook' && url) return url;
  if (event.target_type === 'domain' && str(d.domain)) return String(d.domain);
  if (event.target_type === 'order' && d.plan_id) {
    const values = { id: String(d.plan_id), amount: String(d.amount) };
    if (d.period === 'year')
      return d.amount ? t()('Тариф №{id} на год, {amount} ₽', values) : t()('Тариф №{id} на год', values);
    return d.amount ? t()('Тариф №{id} на месяц, {amount} ₽', values) : t()('Тариф №{id} на месяц', values);
  }
  if (name) return `${quoted(name)}`;
  const nounId = TARGET_NOUNS[event.target_type ?? ''];
  const noun = nounId ? t()(nounId) : '';
  if (event.target_type === 'user' && event.actor && event.target_id === event.actor.id)
    return t()('свой аккаунт');
  return event.target_id ? `${noun} №${event.target_id}`.trim() : noun;
}

/** What changed ('название: Альфа → Бета'), empty when the event records no change of a field. */
export function auditChanges(event: AuditEvent): string {
  const nameWord = event.target_type === 'user' ? t()('имя') : t()('название');
  const role = (type: unknown) => t()(memberTypeLabel(Number(type)) as AuditText);
  return Object.entries(event.details)
    .filter((entry): entry is [string, Change] => isChange(entry[1]))
    .map(([field, change]) => {
      const known = FIELD_NAMES[field];
      const label = field === 'name' ? nameWord : known ? t()(known) : field;
      if (field === 'avatar_file_id') return change.to === null ? t()('аватар удалён') : t()('новый аватар');
      // A member's type is their role (member.role_changed), named as the members list names it.
      if (field === 'type' && event.target_type === 'user') {
        return t()('роль: {from} → {to}', { from: role(change.from), to: role(change.to) });
      }
      return `${label}: ${text(change.from)} → ${text(change.to)}`;
    })
    .join('; ');
}

/** Who acted: their name (or e-mail); the system has none. */
export const auditActorName = (event: AuditEvent) =>
  event.actor ? displayName(event.actor) : t()('Система');
