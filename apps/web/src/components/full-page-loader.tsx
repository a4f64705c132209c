import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-label="Загрузка">
      <Loader />
    </Center>
  );
}
