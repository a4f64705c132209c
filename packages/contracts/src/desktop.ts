import { z } from 'zod';
import {
  cleanText,
  EmailSchema,
  envelope,
  IdSchema,
  listEnvelope,
  PaginationQuerySchema,
  SearchTextSchema,
} from './common';
import { says, text } from './i18n/text';
import { MemberSchema } from './organizations';

// The desktop app's collaborator calls (product-decisions "Desktop collaborator calls"; spec section 7):
// their bodies, limits and answers. Members are the organization's members (organizations.ts).

export const COLLABORATORS_BATCH_MAX = 100;
/** Join requests a member who is not the owner may have waiting in one organization (decision 0098). */
export const OPEN_JOIN_REQUESTS_MAX = 3;
export const COLLABORATOR_KEY_MAX = 10_000;

export const CollaboratorsQuerySchema = PaginationQuerySchema.extend({
  name: SearchTextSchema.optional(),
}).strict();
export type CollaboratorsQuery = z.input<typeof CollaboratorsQuerySchema>;

export const CollaboratorsSearchParamsSchema = z
  .object({
    id: IdSchema,
    search: cleanText(
      z
        .string()
        .min(1)
        .max(254, says('Не более {max} символов', { max: 254 })),
    ),
  })
  .strict();

export const CollaboratorsResponseSchema = listEnvelope(MemberSchema);

export const StartAddingSchema = z
  .object({ emails: z.array(EmailSchema).min(1).max(COLLABORATORS_BATCH_MAX) })
  .strict();
export type StartAddingRequest = z.input<typeof StartAddingSchema>;

export const StartAddingItemSchema = z.object({
  email: z.string(),
  accountId: z.number().int().nullable(),
  publicKey: z.string().nullable(),
  autoLinked: z.boolean(),
});
export type StartAddingItem = z.infer<typeof StartAddingItemSchema>;
export const StartAddingResponseSchema = envelope(z.array(StartAddingItemSchema));

export const FinishAddingSchema = z
  .object({
    accountIds: z.array(IdSchema).min(1).max(COLLABORATORS_BATCH_MAX),
    keys: z
      .record(
        z.string().regex(/^\d{1,10}$/, says('Ключ должен быть идентификатором аккаунта')),
        z.string().max(COLLABORATOR_KEY_MAX, says('Не более {max} символов', { max: COLLABORATOR_KEY_MAX })),
      )
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const ids = new Set(body.accountIds);
    for (const key of Object.keys(body.keys ?? {})) {
      if (!ids.has(Number(key))) {
        ctx.addIssue({
          code: 'custom',
          path: ['keys', key],
          message: text('Ключ для аккаунта, которого нет в accountIds'),
        });
      }
    }
    for (const value of Object.values(body.keys ?? {})) {
      // Key blobs are base64 from the desktop app; a NUL byte cannot be stored in a text column.
      if (value.includes('\u0000'))
        ctx.addIssue({ code: 'custom', path: ['keys'], message: text('Недопустимые символы') });
    }
  });
export type FinishAddingRequest = z.input<typeof FinishAddingSchema>;
export const FinishAddingResponseSchema = envelope(z.array(MemberSchema));
