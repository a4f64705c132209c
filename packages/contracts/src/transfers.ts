import { z } from 'zod';
import { envelope, IdSchema, listEnvelope, PaginationQuerySchema } from './common';
import { textId } from './i18n/text';

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

/**
 * An open offer made to the caller (GET /transfers, home's prompt; decision 0137): the offer with the
 * organization's name and who offers it (the owner at the time).
 */
export const IncomingTransferSchema = TransferSchema.extend({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  from_user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type IncomingTransfer = z.infer<typeof IncomingTransferSchema>;
export const IncomingTransfersQuerySchema = PaginationQuerySchema.strict();
export type IncomingTransfersQuery = z.input<typeof IncomingTransfersQuerySchema>;
export const IncomingTransfersResponseSchema = listEnvelope(IncomingTransferSchema);

/** POST /organizations/{id}/transfer: the active member offered the organization. */
export const TransferOfferSchema = z.object({ user_id: IdSchema }).strict();
export type TransferOfferRequest = z.input<typeof TransferOfferSchema>;

export const TRANSFER_NOT_FOUND = textId('Предложение о передаче организации не найдено');
