import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCreateClient } from '../api/clients';

/** 'Зарегистрировать приложение': its name and the rights it may ask for; client_id is made by the server. */
export function CreateClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateClient();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  useEffect(() => {
    if (opened) {
      setName('');
      setWrite(false);
      create.reset();
    }
  }, [opened]);
  const tooShort = name.trim().length < 2;
  const fieldError = create.error && 'errors' in create.error ? (create.error.message ?? null) : null;
  return (
    <Modal opened={opened} onClose={create.isPending ? () => {} : onClose} title="Новое приложение" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (tooShort) return;
          create.mutate(
            { name: name.trim(), scopes: write ? ['read', 'write'] : ['read'] },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Название"
            placeholder="Например, «Сборочный сервер»"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={80}
            error={fieldError}
            data-autofocus
          />
          <Checkbox label="Чтение" checked disabled readOnly />
          <Checkbox
            label="Изменение"
            checked={write}
            onChange={(event) => setWrite(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Отмена
            </Button>
            <Button type="submit" loading={create.isPending} disabled={tooShort}>
              Зарегистрировать
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
