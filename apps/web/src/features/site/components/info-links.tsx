import type { SiteLinks } from '@cabinet/contracts';
import { Anchor, Group, Stack } from '@mantine/core';
import { useText } from '@/lib/i18n/catalogue';
import { useSiteLinks } from '../api/get-site-links';
import { siteTexts } from '../texts';

/** Spec section 2's header links, in its order, each with the variable that sets it (decision 0161). */
const LINKS: { label: 'О сервисе' | 'FAQ' | 'Поддержка'; key: keyof SiteLinks }[] = [
  { label: 'О сервисе', key: 'about_url' },
  { label: 'FAQ', key: 'faq_url' },
  { label: 'Поддержка', key: 'support_url' },
];

type InfoLinksProps = {
  /** The phone drawer stacks them; the header puts them in a row. */
  vertical?: boolean;
  linkClassName?: string;
};

/**
 * 'О сервисе', 'FAQ', 'Поддержка' of the default layout's header: only the ones the installation sets
 * (ABOUT_URL, FAQ_URL, SUPPORT_URL or a mailto: of SUPPORT_EMAIL); with none set, nothing at all.
 */
export function InfoLinks({ vertical = false, linkClassName }: InfoLinksProps) {
  const t = useText(siteTexts);
  const { data } = useSiteLinks();
  const links = LINKS.flatMap(({ label, key }) => {
    const href = data?.[key];
    return href ? [{ label: t(label), href }] : [];
  });
  if (links.length === 0) return null;
  const anchors = links.map(({ label, href }) => (
    <Anchor key={label} href={href} className={linkClassName}>
      {label}
    </Anchor>
  ));
  return vertical ? (
    <Stack component="nav" aria-label={t('Информация')} gap={0}>
      {anchors}
    </Stack>
  ) : (
    <Group component="nav" aria-label={t('Информация')} gap="lg" wrap="nowrap">
      {anchors}
    </Group>
  );
}
