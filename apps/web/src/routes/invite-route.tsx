import { type Invitation, WEB_LOGIN_KEY } from '@cabinet/contracts';
import { Alert, Anchor, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AnswerButtons } from '@/components/answer-buttons';
import { EmailText } from '@/components/email-text';
import { type FailedQuery, ListError, RETRY } from '@/components/list-frame/list-states';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/logout';
import { SignInFlow } from '@/features/auth/components/sign-in-flow';
import { useAcceptInvitation, useDeclineInvitation } from '@/features/invitations/api/answer-invitation';
import { useInvitationByToken } from '@/features/invitations/api/get-invitation-by-token';
import { InvitationFacts } from '@/features/invitations/components/invitation-facts';
import { invitationTexts } from '@/features/invitations/texts';
import { profileQueryOptions, useProfile } from '@/features/profile/api/get-profile';
import { ApiError } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { richText } from '@/lib/i18n/rich-text';
import { profileKeys } from '@/lib/query-keys/profile';
import { quoted } from '@/lib/quoted';
import { session, useSession } from '@/lib/session';

function Heading({ invitation }: { invitation: Invitation }) {
  const t = useText(invitationTexts);
  return (
    <Stack gap={6}>
      <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {t('Приглашение в организацию {organization}', {
          organization: quoted(invitation.organization.name),
        })}
      </Title>
      <InvitationFacts invitation={invitation} />
    </Stack>
  );
}

/**
 * 404 or 410: the server says why the link works no more. Any other failure (the server unreachable, a
 * 5xx) may pass: it offers 'Повторить' (decision 0164).
 */
function Unavailable({ query, signedIn }: { query: FailedQuery; signedIn: boolean }) {
  const t = useText(invitationTexts);
  const { error } = query;
  const gone = error instanceof ApiError && error.status === 410;
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('Приглашение недоступно')}
      </Title>
      <Alert
        color={gone || notFound ? 'yellow' : 'red'}
        variant="light"
        icon={<IconMailOff size={20} aria-hidden />}
      >
        {notFound
          ? t(
              'Ссылка неверна или устарела: если приглашение отправляли повторно, откройте ссылку из последнего письма.',
            )
          : error instanceof ApiError
            ? error.message
            : t('Не удалось открыть приглашение. Попробуйте позже.')}
      </Alert>
      {!gone && !notFound && (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t(RETRY)}
        </Button>
      )}
      <Button component={Link} to={signedIn ? paths.home.getHref() : paths.signIn.getHref()} variant="light">
        {signedIn ? t('На главную') : t('Войти')}
      </Button>
    </Stack>
  );
}

/** Signed in with the invited address: 'Принять' makes an active member, 'Отклонить' ends it. */
function Answer({ invitation }: { invitation: Invitation }) {
  const navigate = useNavigate();
  // Navigation before the refresh (see useAcceptInvitation): the refreshed link would read 'used'.
  const accept = useAcceptInvitation(() =>
    navigate(
      paths.organizationCollaborators.getHref(invitation.organization_id, invitation.organization.name),
      {
        replace: true,
      },
    ),
  );
  const decline = useDeclineInvitation(() => navigate(paths.home.getHref(), { replace: true }));
  return (
    <AnswerButtons
      size="md"
      pending={accept.isPending ? 'accept' : decline.isPending ? 'decline' : null}
      onAccept={() => accept.mutate(invitation.id)}
      onDecline={() => decline.mutate(invitation.id)}
    />
  );
}

/** Signed in: the invited address answers; any other sees whom it is for and may sign out. */
function SignedInView({ invitation, token }: { invitation: Invitation; token: string }) {
  const t = useText(invitationTexts);
  const profile = useProfile();
  const { signOut, isPending } = useSignOut({ to: paths.invite.getHref(token) });
  if (profile.isError && !profile.data) {
    return <ListError compact title={t('Ошибка при получении данных пользователя')} query={profile} />;
  }
  if (!profile.data) return <Loader size="sm" aria-label={t('Загрузка')} />;
  const me = profile.data;
  const sameAddress = me.email === invitation.email && me.email_verified_at !== null;
  if (!sameAddress) {
    return (
      <Alert color="yellow" variant="light" title={t('Приглашение отправлено на другой адрес')}>
        <Stack gap="xs">
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {richText(
              t,
              'Приглашение адресовано {invited}, а вы вошли как {me}. Принять его можно только с адреса, на который пришло письмо.',
              {
                invited: <EmailText component="span" inherit email={invitation.email} />,
                me: <EmailText component="span" inherit email={me.email} />,
              },
            )}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={signOut}
            disabled={isPending}
            style={{ overflowWrap: 'break-word' }}
          >
            {richText(t, 'Выйти и войти с адресом {email}', {
              email: <EmailText component="span" inherit email={invitation.email} />,
            })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return <Answer invitation={invitation} />;
}

/**
 * /invite/:token (issue 13), the link of an invitation mail. The link alone signs nobody in: a signed-out
 * visitor signs in with the e-mail code (the invited address filled in) and lands here, signed in, with
 * 'Принять' and 'Отклонить'. Decision 0130.
 */
export function InviteRoute() {
  const t = useText(invitationTexts);
  const { token = '' } = useParams();
  const invitation = useInvitationByToken(token);
  const signedIn = useSession((state) => state.isAuthenticated);
  const queryClient = useQueryClient();

  if (invitation.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('Загрузка приглашения')} />
      </Group>
    );
  }
  if (invitation.isError) return <Unavailable query={invitation} signedIn={signedIn} />;
  const data = invitation.data;

  return (
    <Stack gap="lg">
      <Heading invitation={data} />
      {signedIn ? (
        <SignedInView invitation={data} token={token} />
      ) : (
        <>
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {richText(
              t,
              'Приглашение адресовано {email}. Войдите с этим адресом, чтобы принять или отклонить его.',
              { email: <EmailText component="b" inherit fw={700} email={data.email} /> },
            )}
          </Text>
          <Divider />
          <SignInFlow
            loginKey={WEB_LOGIN_KEY}
            initialEmail={data.email}
            embedded
            onAuthenticated={(result) => {
              session.signIn(result.access_token);
              // This screen turns into the signed-in one; the profile says which address signed in.
              queryClient.removeQueries({ queryKey: profileKeys.me });
              queryClient.fetchQuery(profileQueryOptions()).catch(() => undefined);
            }}
            onEnterCabinet={() => undefined}
            onOpenApp={() => undefined}
            onCopyCode={() => undefined}
          />
        </>
      )}
    </Stack>
  );
}
