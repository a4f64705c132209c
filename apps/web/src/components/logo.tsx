import { Group, type MantineBreakpoint, Text } from '@mantine/core';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type LogoProps = {
  /** 'inverse' is the white logo of the blue admin header. */
  variant?: 'default' | 'inverse';
  /** The word mark; hidden where space is short. */
  withText?: boolean;
  /** Show the word mark only from this breakpoint up. */
  textVisibleFrom?: MantineBreakpoint;
  size?: number;
};

/** The product's name (an id of the components' catalogue): say it with t(PRODUCT_NAME). */
export const PRODUCT_NAME = 'Личный кабинет';

export function LogoMark({ variant = 'default', size = 32 }: Pick<LogoProps, 'variant' | 'size'>) {
  const inverse = variant === 'inverse';
  const tile = inverse ? '#fff' : 'var(--mantine-color-blue-8)';
  const figure = inverse ? 'var(--mantine-color-blue-8)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill={tile} />
      <circle cx="16" cy="12.5" r="5" fill={figure} />
      <path
        d="M7.5 25.5c1.2-4.6 4.6-7 8.5-7s7.3 2.4 8.5 7"
        fill="none"
        stroke={figure}
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ variant = 'default', withText = true, textVisibleFrom, size = 32 }: LogoProps) {
  const t = useText(componentTexts);
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark variant={variant} size={size} />
      {withText && (
        <Text
          component="span"
          fw={700}
          fz="lg"
          lh={1}
          c={variant === 'inverse' ? 'white' : 'dark.8'}
          visibleFrom={textVisibleFrom}
          style={{ whiteSpace: 'nowrap' }}
        >
          {t(PRODUCT_NAME)}
        </Text>
      )}
    </Group>
  );
}
