import { z } from 'zod';
import { EmailSchema, envelope, IdSchema, listEnvelope, PaginationQuerySchema } from './common';
import { says, text, textId } from './i18n/text';
import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER } from './limits';

// Invitations by e-mail (issue 13; docs/decisions/0130-invitations.md): an owner or an organization admin
// invites any address; the link <PUBLIC_URL>/app/invite/<token> is valid 7 days and works once.

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/** Who sent an invitation; null once that account is gone. */
export const InviterSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** An invitation. `status` reads 'expired' once a pending invitation passes expires_at. */
export const InvitationSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  email: z.string(),
  /** The member type the invitee gets: 2 'Участник' or 3 'Администратор'. */
  type_id: z.number().int(),
  status: InvitationStatusSchema,
  invited_by: InviterSchema.nullable(),
  created_at: z.string(),
  /** When the link was last mailed ('Отправить повторно' renews it). */
  sent_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationResponseSchema = envelope(InvitationSchema);
export const InvitationListResponseSchema = listEnvelope(InvitationSchema);

/** The member types an invitation or update-member-type may assign: never the owner's (1). */
export const AssignableMemberTypeSchema = IdSchema.refine(
  (t) => t === MEMBER_TYPE_MEMBER || t === MEMBER_TYPE_ADMIN,
  says(
    'Можно назначить только тип «Участник» (2) или «Администратор» (3): владелец меняется только передачей организации',
  ),
);

/** POST /organizations/{id}/invitations. */
export const CreateInvitationSchema = z
  .object({ email: EmailSchema, type_id: AssignableMemberTypeSchema })
  .strict();
export type CreateInvitationRequest = z.input<typeof CreateInvitationSchema>;

/**
 * `status` of the organization's list: one status or several separated by commas
 * ('pending,expired', what 'Приглашения' shows); absent: every status.
 */
const StatusFilterSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const parts = [...new Set(value.split(',').map((s) => s.trim()))];
    const statuses: InvitationStatus[] = [];
    for (const part of parts) {
      const parsed = InvitationStatusSchema.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: text('status: ожидается pending, accepted, declined, revoked или expired'),
        });
        return z.NEVER;
      }
      statuses.push(parsed.data);
    }
    return statuses;
  });

export const InvitationListQuerySchema = PaginationQuerySchema.extend({
  status: StatusFilterSchema.optional(),
}).strict();
export type InvitationListQuery = z.input<typeof InvitationListQuerySchema>;

/** The caller's own pending invitations (GET /invitations). */
export const MyInvitationsQuerySchema = PaginationQuerySchema.strict();
export type MyInvitationsQuery = z.input<typeof MyInvitationsQuerySchema>;

export const OrganizationInvitationParamsSchema = z.object({ id: IdSchema, invitationId: IdSchema }).strict();

/** The link's token: any text is looked up (an unknown one is 404); only absurd lengths are refused. */
export const InvitationTokenParamsSchema = z
  .object({
    token: z
      .string()
      .min(1)
      .max(128, says('Не более {max} символов', { max: 128 })),
  })
  .strict();

export const INVITATION_NOT_FOUND = textId('Приглашение не найдено');
