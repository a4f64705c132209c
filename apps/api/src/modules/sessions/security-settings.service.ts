import type { SecuritySettings } from '@cabinet/contracts';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';

// The account's own security switch: the new-device mail (docs/decisions/0141-new-device-mail.md).

/** GET /profile/security-settings. */
export async function getSecuritySettings(ctx: SignedInContext): Promise<SecuritySettings> {
  const user = await ctx.prisma.user.findUniqueOrThrow({
    where: { id: ctx.actor.userId },
    select: { newDeviceMail: true },
  });
  return { new_device_mail: user.newDeviceMail };
}

/** PUT /profile/security-settings: a real change is recorded as 'security_settings.updated'. */
export async function updateSecuritySettings(
  ctx: SignedInContext,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  const { userId } = ctx.actor;
  return transaction(ctx.prisma, async (tx) => {
    const before = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { newDeviceMail: true },
    });
    const user = await tx.user.update({
      where: { id: userId },
      data: { newDeviceMail: input.new_device_mail },
      select: { newDeviceMail: true },
    });
    const changes = changedFields(
      { new_device_mail: before.newDeviceMail },
      { new_device_mail: user.newDeviceMail },
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, { action: 'security_settings.updated', targetId: userId, details: changes });
    }
    return { new_device_mail: user.newDeviceMail };
  });
}
