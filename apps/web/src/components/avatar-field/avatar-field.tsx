import { validateAvatarFile } from '@cabinet/contracts';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { NameAvatar } from '../name-avatar';
import { componentTexts } from '../texts';
import { type AvatarValue, hasVisibleAvatar, withChosenFile, withRemoval } from './avatar-value';

export type AvatarFieldProps = {
  value: AvatarValue;
  onChange: (next: AvatarValue) => void;
  /** Visible label of the field. */
  label?: string;
  /** Initials shown while there is no picture. */
  name?: string;
  disabled?: boolean;
  /**
   * Profile settings delete the stored avatar at once (spec section 4): pass the call here. Without it,
   * removing a stored avatar is only scheduled and happens on save.
   */
  onRemoveExisting?: (existing: NonNullable<AvatarValue['existing']>) => void | Promise<void>;
  /** The immediate removal is running. */
  removing?: boolean;
};

const ACCEPT = 'image/png,image/jpeg';

/** Local object URL of a chosen file, revoked when the file changes or the field unmounts. */
function useObjectUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Avatar picker: a preview, 'Выбрать файл' and 'Удалить'. Only JPEG and PNG up to 5,000,000 bytes are
 * taken (spec section 5); a refused file leaves the value as it was and shows why.
 */
export function AvatarField({
  value,
  onChange,
  label,
  name,
  disabled = false,
  onRemoveExisting,
  removing = false,
}: AvatarFieldProps) {
  const t = useText(componentTexts);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();
  const previewUrl = useObjectUrl(value.file);
  const visible = hasVisibleAvatar(value);
  const src = previewUrl ?? (visible ? (value.existing?.url ?? null) : null);

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = validateAvatarFile(file);
    setError(problem);
    if (!problem) onChange(withChosenFile(value, file));
  };

  const remove = () => {
    setError(null);
    const existing = value.existing;
    if (onRemoveExisting && existing && !value.scheduledDelete) {
      onChange({ existing, scheduledDelete: false });
      void onRemoveExisting(existing);
      return;
    }
    onChange(withRemoval(value));
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} component="span" size="sm" fw={500}>
        {label ?? t('Аватар')}
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <NameAvatar src={src} name={name ?? ''} size={72} alt={src ? t('Предпросмотр аватара') : ''} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={choose} accept={ACCEPT} disabled={disabled || removing}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  aria-describedby={error ? errorId : undefined}
                >
                  {visible ? t('Заменить') : t('Выбрать файл')}
                </Button>
              )}
            </FileButton>
            {visible && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={remove}
                disabled={disabled}
                loading={removing}
              >
                {t('Удалить')}
              </Button>
            )}
          </Group>
          {error ? (
            <Text id={errorId} size="xs" c="red.9" role="alert">
              {error}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {value.scheduledDelete && !value.file
                ? t('Аватар будет удалён при сохранении')
                : t('JPEG или PNG, не больше 5 МБ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
