import { z } from 'zod';
import { type ContractsText, says, text, textId } from './i18n/text';

// The audit log's action codes and their Russian words (issue 14; docs/decisions/0145-audit-log.md,
// 0146-audit-actions.md): every action code is listed here once; the API writes only these, the cabinet
// names each in Russian (AUDIT_ACTION_LABELS below). The log's events, filters and pages are in audit.ts.

/** Every action the log knows, with the object it names (target_type). Codes are `object.past_tense`. */
export const AUDIT_ACTIONS = {
  // Sign-in and sessions.
  'user.signed_in': 'user',
  'user.signed_out': 'user',
  /** A site admin ended every session of the account ('Разлогинить'). */
  'user.signed_out_everywhere': 'user',
  /** One session ended: from 'Безопасность' (one, or every other: details.count) or by a site admin. */
  'session.revoked': 'session',
  /** 'Безопасность': the new-device mail switched on or off. */
  'security_settings.updated': 'user',
  'passkey.added': 'passkey',
  'passkey.renamed': 'passkey',
  'passkey.removed': 'passkey',
  // Tokens and the device authorization grant (issue 29; decision 0224).
  'token.created': 'token',
  /** By its owner or by a site admin (details.by_admin). */
  'token.revoked': 'token',
  /** A person approved a device code on /app/device; the token is issued at the application's next poll. */
  'device.approved': 'oauth_client',
  'device.denied': 'oauth_client',
  /** The device grant's token (a session of its own) was handed to the application. */
  'device.token_issued': 'session',
  'oauth_client.created': 'oauth_client',
  'oauth_client.updated': 'oauth_client',
  // The account.
  'profile.updated': 'user',
  /** A code went to the new address; the e-mail changes at 'email.changed' (decision 0085). */
  'email.change_requested': 'user',
  'email.changed': 'user',
  'user.deleted': 'user',
  'user.blocked': 'user',
  'user.unblocked': 'user',
  // Organizations and members.
  'organization.created': 'organization',
  'organization.updated': 'organization',
  'organization.deleted': 'organization',
  'member.added': 'user',
  'member.removed': 'user',
  'member.left': 'user',
  'member.role_changed': 'user',
  'join_request.created': 'user',
  'join_request.accepted': 'user',
  'join_request.rejected': 'user',
  'join_request.withdrawn': 'user',
  // Invitations and ownership transfers (issue 13; decision 0136).
  'invitation.created': 'invitation',
  'invitation.resent': 'invitation',
  'invitation.accepted': 'invitation',
  'invitation.declined': 'invitation',
  /** By a manager, or because the invited member left or was removed (details.reason). */
  'invitation.revoked': 'invitation',
  'transfer.requested': 'transfer',
  'transfer.accepted': 'transfer',
  'transfer.declined': 'transfer',
  /** By the owner, or because the offered member left or was removed (details.reason). */
  'transfer.cancelled': 'transfer',
  // Plans and payments.
  'plan.purchased': 'order',
  /** An admin returned money of a YooKassa payment (details: amount, reason, full; decision 0204). */
  'payment.refunded': 'order',
  /** The paid term and its grace period ran out (the plan-expiry job). */
  'plan.expired': 'user',
  'plan.created': 'plan',
  'plan.updated': 'plan',
  'plan.deleted': 'plan',
  // Files.
  'file.deleted': 'file',
  // Webhook endpoints (issue 31): an organization's (organization_id set) or the install's.
  'webhook.created': 'webhook',
  'webhook.updated': 'webhook',
  'webhook.deleted': 'webhook',
  'webhook.secret_rotated': 'webhook',
  /** 'Показать секрет': the signing secret was shown again. */
  'webhook.secret_shown': 'webhook',
  // Verified domains (issue 30, decision 0271): details.domain.
  'domain.added': 'domain',
  'domain.verified': 'domain',
  'domain.removed': 'domain',
  // Single sign-on: the OIDC connection (issue 30, decision 0280).
  /** The OIDC connection saved (details: what changed, never the secret; sessions and tokens ended). */
  'sso.updated': 'organization',
  /** 'Проверить подключение' passed (details: the address the provider gave). */
  'sso.tested': 'organization',
  // Yandex ID and linked identities (issue 30, decision 0284): details.provider.
  'identity.linked': 'user',
  'identity.unlinked': 'user',
  // SCIM provisioning (issue 30, decision 0287); the members SCIM adds or removes are member.* events with
  // details.via 'scim', so their webhook events are the members' own.
  'scim_token.created': 'organization',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTargetType = (typeof AUDIT_ACTIONS)[AuditAction];
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/**
 * Each action in Russian words: the one place the cabinet's 'Журнал' screens and the CSV export name them.
 * Typed by AUDIT_ACTIONS, so a new code without its words does not compile.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, ContractsText> = {
  'user.signed_in': textId('Вход в аккаунт'),
  'user.signed_out': textId('Выход из аккаунта'),
  'user.signed_out_everywhere': textId('Администратор завершил все сеансы пользователя'),
  'session.revoked': textId('Сеанс завершён'),
  'security_settings.updated': textId('Настройки безопасности изменены'),
  'passkey.added': textId('Ключ доступа добавлен'),
  'passkey.renamed': textId('Ключ доступа переименован'),
  'passkey.removed': textId('Ключ доступа удалён'),
  'token.created': textId('Создан токен доступа'),
  'token.revoked': textId('Токен доступа отозван'),
  'device.approved': textId('Вход приложения на устройстве разрешён'),
  'device.denied': textId('Вход приложения на устройстве отклонён'),
  'device.token_issued': textId('Приложение получило токен'),
  'oauth_client.created': textId('Приложение зарегистрировано'),
  'oauth_client.updated': textId('Приложение изменено'),
  'profile.updated': textId('Профиль изменён'),
  'email.change_requested': textId('Запрошена смена эл. почты'),
  'email.changed': textId('Эл. почта изменена'),
  'user.deleted': textId('Аккаунт удалён'),
  'user.blocked': textId('Пользователь заблокирован'),
  'user.unblocked': textId('Пользователь разблокирован'),
  'organization.created': textId('Организация создана'),
  'organization.updated': textId('Организация изменена'),
  'organization.deleted': textId('Организация удалена'),
  'member.added': textId('Участник добавлен'),
  'member.removed': textId('Участник удалён'),
  'member.left': textId('Участник покинул организацию'),
  'member.role_changed': textId('Роль участника изменена'),
  'join_request.created': textId('Отправлен запрос на вступление'),
  'join_request.accepted': textId('Запрос на вступление принят'),
  'join_request.rejected': textId('Запрос на вступление отклонён'),
  'join_request.withdrawn': textId('Запрос на вступление отозван'),
  'invitation.created': textId('Отправлено приглашение'),
  'invitation.resent': textId('Приглашение отправлено повторно'),
  'invitation.accepted': textId('Приглашение принято'),
  'invitation.declined': textId('Приглашение отклонено'),
  'invitation.revoked': textId('Приглашение отозвано'),
  'transfer.requested': textId('Предложена передача организации'),
  'transfer.accepted': textId('Организация передана новому владельцу'),
  'transfer.declined': textId('Передача организации отклонена'),
  'transfer.cancelled': textId('Передача организации отменена'),
  'plan.purchased': textId('Тариф оплачен'),
  'payment.refunded': textId('Платёж возвращён'),
  'plan.expired': textId('Срок тарифа истёк'),
  'plan.created': textId('Тариф создан'),
  'plan.updated': textId('Тариф изменён'),
  'plan.deleted': textId('Тариф удалён'),
  'file.deleted': textId('Файл удалён'),
  'webhook.created': textId('Вебхук добавлен'),
  'webhook.updated': textId('Вебхук изменён'),
  'webhook.deleted': textId('Вебхук удалён'),
  'webhook.secret_rotated': textId('Секрет вебхука заменён'),
  'webhook.secret_shown': textId('Секрет вебхука показан'),
  'domain.added': textId('Домен добавлен'),
  'domain.verified': textId('Домен подтверждён'),
  'domain.removed': textId('Домен удалён'),
  'sso.updated': textId('Настройки единого входа (SSO) изменены'),
  'sso.tested': textId('Подключение единого входа (SSO) проверено'),
  'identity.linked': textId('Привязан аккаунт для входа'),
  'identity.unlinked': textId('Отвязан аккаунт для входа'),
  'scim_token.created': textId('Создан токен SCIM'),
};

/** The words of an action code; a code this build does not know (an older event) is shown as it is. */
export function auditActionLabel(action: string): string {
  const label = (AUDIT_ACTION_LABELS as Record<string, ContractsText | undefined>)[action];
  return label ? text(label) : action;
}

export const AuditActionSchema = z.enum(AUDIT_ACTION_CODES, says('Неизвестное действие журнала'));
