import type { SecuritySettings } from '@cabinet/contracts';
import type { SignedInContext } from '../../lib/context';

// The account's own security switch: the new-device mail (docs/decisions/0141-new-device-mail.md).

/** GET /profile/security-settings. */
export async function getSecuritySettings(ctx: SignedInContext): Promise<SecuritySettings> {
  const user = await ctx.prisma.user.findUniqueOrThrow({
    where: { id: ctx.actor.userId },
    select: { newDeviceMail: true },
  });
  return { new_device_mail: user.newDeviceMail };
}

/** PUT /profile/security-settings. */
export async function updateSecuritySettings(
  ctx: SignedInContext,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  const user = await ctx.prisma.user.update({
    where: { id: ctx.actor.userId },
    data: { newDeviceMail: input.new_device_mail },
    select: { newDeviceMail: true },
  });
  return { new_device_mail: user.newDeviceMail };
}
