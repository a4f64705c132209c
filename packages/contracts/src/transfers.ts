import { z } from 'zod';
import { envelope, IdSchema } from './common';

// Two-step ownership transfer (issue 13; docs/decisions/0133-ownership-transfer.md): the owner offers the
// organization to an active member, who accepts or declines; the owner may cancel; it expires in 7 days.

export const TransferStatusSchema = z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']);
export type TransferStatus = z.infer<typeof TransferStatusSchema>;

/** An ownership offer. `status` reads 'expired' once a pending offer passes expires_at. */
export const TransferSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  from_user_id: z.number().int(),
  to_user_id: z.number().int(),
  status: TransferStatusSchema,
  expires_at: z.string(),
});
export type Transfer = z.infer<typeof TransferSchema>;
export const TransferResponseSchema = envelope(TransferSchema);

/** POST /organizations/{id}/transfer: the active member offered the organization. */
export const TransferOfferSchema = z.object({ user_id: IdSchema }).strict();
export type TransferOfferRequest = z.input<typeof TransferOfferSchema>;

export const TRANSFER_NOT_FOUND = 'Предложение о передаче организации не найдено';
