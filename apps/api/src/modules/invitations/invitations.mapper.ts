import {
  INVITATION_TTL_DAYS,
  type Invitation as InvitationDto,
  type InvitationStatus,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { Invitation, MemberType } from '../../generated/prisma/client';
import { sha256 } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';

// Invitations as the API shows them, and the facts every verb shares: the token's stored form, the end of
// a link's life, the texts of an invitation that no longer works (decision 0130).

/** What every invitation answer loads. */
export const invitationInclude = {
  organization: { select: { id: true, name: true } },
  invitedBy: { select: { id: true, name: true, email: true } },
  type: true,
} as const;

export type InvitationRow = Invitation & {
  organization: { id: number; name: string };
  invitedBy: { id: number; name: string; email: string } | null;
  type: MemberType;
};

/** A pending invitation past its end reads 'expired'. */
export const invitationStatus = (
  row: Pick<Invitation, 'status' | 'expiresAt'>,
  now: Date,
): InvitationStatus => (row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status);

export const toInvitationDto = (row: InvitationRow, now: Date): InvitationDto => ({
  id: row.id,
  organization_id: row.organizationId,
  organization: row.organization,
  email: row.email,
  type_id: row.typeId,
  status: invitationStatus(row, now),
  invited_by: row.invitedBy,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/** Only this is stored of a link's token (256 random bits), so a database leak opens no invitation. */
export const invitationTokenHash = (token: string) => sha256(`invitation:${token}`);

/** A link mailed now works until this moment. */
export const invitationExpiry = (now: Date) =>
  new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);

/** The link of a mail: <PUBLIC_URL>/app/invite/<token>. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/app/invite/${token}`;

/** Why an invitation that is not open cannot be used (the 410 of a link, the 409 of a manager's action). */
export const CLOSED_TEXTS: Record<Exclude<InvitationStatus, 'pending'>, () => string> = {
  accepted: () => tr('Приглашение уже использовано'),
  declined: () => text('Приглашение отклонено'),
  revoked: () => text('Приглашение отозвано'),
  expired: () => tr('Срок действия приглашения истёк. Попросите отправить новое приглашение'),
};

export const ALREADY_INVITED = trId('На этот адрес уже отправлено приглашение в организацию');
