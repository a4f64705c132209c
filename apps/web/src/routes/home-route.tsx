import { MEMBER_TYPE_ADMIN } from '@cabinet/contracts';
import { Anchor, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmailText } from '@/components/email-text';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { emptyHint, ListEmpty, ListError } from '@/components/list-frame/list-states';
import { NameAvatar } from '@/components/name-avatar';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { paths } from '@/config/paths';
import { useMyInvitations } from '@/features/invitations/api/get-my-invitations';
import { JoinRequestsPanel } from '@/features/members/components/join-requests-panel';
import { useOrganizations } from '@/features/organizations/api/get-organizations';
import { organizationTexts } from '@/features/organizations/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { NameBanner } from '@/features/profile/components/name-banner';
import { useMyTransfers } from '@/features/transfers/api/get-my-transfers';
import { displayName, formatDate } from '@/lib/format';
import { loadCatalogues, textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useSession } from '@/lib/session';
import { useSearchQuery } from '@/lib/use-search-text';
import { OrganizationsUsage } from './organizations-usage';

/** Greeting with the active plan, so the user sees at once who is signed in and on which plan. */
function SignedInUser() {
  const t = useText(organizationTexts);
  const { data: profile, isPending } = useProfile();
  const user = useSession((state) => state.user);
  const name = displayName(profile ?? user);
  const email = profile?.email ?? user?.email ?? '';
  const ownName = (profile?.name ?? user?.name ?? '').trim();

  if (!name && isPending) {
    return (
      <Paper withBorder p="lg">
        <Group gap="md" wrap="nowrap">
          <Skeleton circle height={56} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={18} width="40%" />
            <Skeleton height={14} width="30%" />
          </Stack>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="lg">
      <Group gap="md" wrap="wrap" align="center">
        <NameAvatar src={profile?.files[0]?.url ?? user?.avatarUrl ?? null} name={name} size={56} />
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          {/* By name; before one is set, 'Здравствуйте!' and a prompt, never an e-mail split across lines. */}
          <Title order={2} size="h3" style={{ overflowWrap: 'break-word' }}>
            {ownName ? t('Здравствуйте, {name}!', { name: ownName }) : t('Здравствуйте!')}
          </Title>
          {email && <EmailText c="dimmed" size="sm" email={email} data-testid="home-greeting-email" />}
          {!ownName && profile && (
            <Text size="sm">
              {t('Добавьте своё имя, чтобы участники организаций узнавали вас:')}{' '}
              <Anchor component={Link} to={paths.profileSettings.getHref()}>
                {t('указать имя')}
              </Anchor>
            </Text>
          )}
        </Stack>
        {/* Kept on phones too (issue 16): there it wraps under the greeting. */}
        {profile && (
          <Stack gap={4} align="flex-start" data-testid="home-plan-badge">
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {t('Тариф {plan}', { plan: quoted(profile.subscribe.name) })}
            </Badge>
            {profile.subscribe_expires_at && (
              <Text size="xs" c="dimmed">
                {t('до {date}', { date: formatDate(profile.subscribe_expires_at) })}
              </Text>
            )}
          </Stack>
        )}
      </Group>
    </Paper>
  );
}

/*
 * The table comes with its rows' hints (Mantine's Tooltip with floating-ui): it is asked for as home starts,
 * beside the list's own call, and shows once both are in; until then the list's skeleton stands in its
 * place (decision 0175).
 */
const loadOrganizationsTable = () => import('@/features/organizations/components/organizations-table');
const OrganizationsTable = lazy(() =>
  loadOrganizationsTable().then((m) => ({ default: m.OrganizationsTable })),
);

function ListSkeleton() {
  const t = useText(organizationTexts);
  return (
    <Stack gap="xs" aria-label={t('Загрузка')}>
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={44} />
    </Stack>
  );
}

/** The organizations the user manages as an organization admin: their rows get the settings gear too. */
function useManagedIds(): ReadonlySet<number> {
  const { data: profile } = useProfile();
  return useMemo(
    () =>
      new Set(
        (profile?.org_members ?? [])
          .filter((m) => m.type_id === MEMBER_TYPE_ADMIN && m.status === 'active')
          .map((m) => m.organization_id),
      ),
    [profile],
  );
}

function YourOrganizations() {
  const t = useText(organizationTexts);
  const search = useSearchQuery();
  const managedIds = useManagedIds();
  const [page, setPage] = useState(1);
  const organizations = useOrganizations({ search, page });
  useEffect(() => void loadOrganizationsTable(), []);

  // A new search starts from the first page.
  useEffect(() => setPage(1), [search]);

  useEffect(() => {
    // Spec section 8: a failed home list is logged (and shown in place, never toasted).
    if (organizations.error)
      console.warn(textNow(organizationTexts)('Список организаций не загружен:'), organizations.error);
  }, [organizations.error]);

  const empty = organizations.isError ? (
    <ListError compact title={t('Не удалось загрузить организации')} query={organizations} />
  ) : (
    <ListEmpty compact hint={emptyHint(search, t('Создайте первую организацию'))} />
  );

  const pages = organizations.data?.meta?.pages ?? 1;

  return (
    <SectionCard
      title={t('Ваши организации')}
      gap="sm"
      compact
      aside={
        <Button
          component={Link}
          to={paths.organizationCreate.getHref()}
          leftSection={<IconPlus size={18} aria-hidden />}
          size="sm"
        >
          {t('Добавить новую')}
        </Button>
      }
    >
      <OrganizationsUsage />
      {search && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('Поиск: «{search}»', { search })}
        </Text>
      )}
      {organizations.isPending ? (
        <ListSkeleton />
      ) : (
        <Suspense fallback={<ListSkeleton />}>
          <OrganizationsTable
            organizations={organizations.isError ? [] : (organizations.data?.items ?? [])}
            empty={empty}
            managedIds={managedIds}
          />
        </Suspense>
      )}
      <ListPagination pages={pages} page={page} onChange={setPage} size="sm" />
    </SectionCard>
  );
}

/*
 * The ownership offers and invitations show only when there is one (or the list failed): most visits have
 * none, so their panels, their answers and, in English, their texts load when the list says so, not with
 * home's first load (decision 0311). The lists themselves are asked for at once.
 */
const MyTransfersPanel = lazy(async () => {
  const { MyTransfersPanel } = await import('@/features/transfers/components/my-transfers-panel');
  // Its texts in the page's language come with it, as a route's do (lib/i18n/routes.ts).
  await loadCatalogues();
  return { default: MyTransfersPanel };
});
const MyInvitationsPanel = lazy(async () => {
  const { MyInvitationsPanel } = await import('@/features/invitations/components/my-invitations-panel');
  await loadCatalogues();
  return { default: MyInvitationsPanel };
});

/** A home panel that has something to say: an item to answer, or a failed list to retry. */
function WhenAnswerable({
  list,
  children,
}: {
  list: { data?: readonly unknown[]; isError: boolean };
  children: ReactNode;
}) {
  if (!list.isError && !list.data?.length) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Home (spec section 2): the user's organizations, the ownership offers and invitations waiting for their
 * answer (issue 13) and the join requests waiting for theirs.
 */
export function HomeRoute() {
  const t = useText(organizationTexts);
  const transfers = useMyTransfers();
  const invitations = useMyInvitations();
  return (
    <>
      <PageHeader breadcrumbs={[{ label: t('Главная') }]} title={t('Главная')} />
      <Stack gap="xl">
        <NameBanner />
        <SignedInUser />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <YourOrganizations />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Stack gap="xl">
              <WhenAnswerable list={transfers}>
                <MyTransfersPanel />
              </WhenAnswerable>
              <WhenAnswerable list={invitations}>
                <MyInvitationsPanel />
              </WhenAnswerable>
              <JoinRequestsPanel />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
