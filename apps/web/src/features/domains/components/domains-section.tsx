import { normalizeDomain } from '@cabinet/contracts';
import { Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconWorldWww } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ListEmpty, ListError } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { claimFieldErrors } from '@/lib/field-errors';
import { useText } from '@/lib/i18n';
import { DOMAINS_LOAD_FAILED, useAddDomain, useDomains } from '../api/domains';
import { domainTexts } from '../texts';
import { DomainCard } from './domain-card';

/**
 * 'Домены' of organization settings (issue 30, decision 0271): the organization's e-mail domains, each
 * proved by a TXT record in its DNS; SSO and SCIM take addresses of verified domains only. For the owner,
 * organization admins and site admins (the screen shows it to them).
 */
export function DomainsSection({ organizationId }: { organizationId: number }) {
  const t = useText(domainTexts);
  const domains = useDomains(organizationId);
  const add = useAddDomain(organizationId);
  const [text, setText] = useState('');
  // What the check on sending, or the server, said of the name sent; shown under the field until it changes.
  const [error, setError] = useState<string | null>(null);
  const type = (value: string) => {
    setText(value);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const checked = normalizeDomain(text);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    // The server's word on the name goes under the field, not into a toast (decision 0164).
    const release = claimFieldErrors((errors) => {
      if (Object.keys(errors).length !== 1 || !errors.domain?.length) return false;
      setError(errors.domain.join(' '));
      return true;
    });
    const sent = text;
    add.mutate(checked.domain, {
      onSuccess: () => setText((current) => (current === sent ? '' : current)),
      onSettled: release,
    });
  };

  const items = domains.data ?? [];
  return (
    <SectionCard title={t('Домены')} gap="md">
      <Text size="sm" c="dimmed">
        {t(
          'Подтвердите домены эл. почты организации: единый вход (SSO) и SCIM принимают только адреса подтверждённых доменов. Домен подтверждается записью TXT в его DNS.',
        )}
      </Text>
      <form noValidate onSubmit={submit}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('Домен')}
            placeholder="example.com"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            leftSection={<IconWorldWww size={16} aria-hidden />}
            value={text}
            onChange={(event) => type(event.currentTarget.value)}
            error={error}
            disabled={add.isPending}
            style={{ flex: '1 1 240px' }}
          />
          <SubmitButton
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={add.isPending}
            blockedReason={add.isPending || text.trim() ? null : t('Введите домен')}
          >
            {t('Добавить домен')}
          </SubmitButton>
        </Group>
      </form>
      {domains.isPending && <Skeleton height={96} aria-label={t('Загрузка')} />}
      {domains.isError && <ListError compact title={t(DOMAINS_LOAD_FAILED)} query={domains} />}
      {domains.isSuccess &&
        (items.length === 0 ? (
          <ListEmpty
            compact
            hint={t('Добавьте домен, на котором у сотрудников эл. почта, например example.com')}
          />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('Домены')}>
            {items.map((domain) => (
              <DomainCard key={domain.id} organizationId={organizationId} domain={domain} />
            ))}
          </Stack>
        ))}
    </SectionCard>
  );
}
