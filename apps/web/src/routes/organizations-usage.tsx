import { MEMBER_TYPE_OWNER, type Profile } from '@cabinet/contracts';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isNearLimit, PlanUsage } from '@/components/plan-usage';
import { organizationTexts } from '@/features/organizations/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { ORGANIZATIONS_OF } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';

/** Organizations the user owns: the plan's max_organizations counts these (decision 0011). */
export function ownedOrganizations(profile: Pick<Profile, 'org_members'>): number {
  return profile.org_members.filter((m) => m.type_id === MEMBER_TYPE_OWNER && m.status === 'active').length;
}

/**
 * 'Тариф «Базовый»: 1 из 1 организаций' with 'Улучшить тариф' near the limit (issue 16), on the home screen
 * and on 'Новая организация'; `warnAtLimit` adds a warning there when no more can be created.
 */
export function OrganizationsUsage({ warnAtLimit = false }: { warnAtLimit?: boolean }) {
  const t = useText(organizationTexts);
  const { data: profile } = useProfile();
  if (!profile) return null;
  const used = ownedOrganizations(profile);
  const limit = profile.subscribe.max_organizations;
  return (
    <>
      <PlanUsage
        used={used}
        limit={limit}
        forms={ORGANIZATIONS_OF}
        upgrade={isNearLimit(used, limit)}
        prefix={t('Тариф {plan}:', { plan: quoted(profile.subscribe.name) })}
      />
      {warnAtLimit && used >= limit && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mt="sm">
          {t(
            'Тариф {plan} не позволяет создать ещё одну организацию. Чтобы создать её, нажмите «Улучшить тариф».',
            { plan: quoted(profile.subscribe.name) },
          )}
        </Alert>
      )}
    </>
  );
}
