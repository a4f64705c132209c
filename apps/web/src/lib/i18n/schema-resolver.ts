import { schemaResolver as mantineSchemaResolver } from '@mantine/form';
import { loadContractsText } from './contracts-text';

/**
 * @mantine/form's schemaResolver, which also asks for the contracts' texts in the page's language: a form
 * that checks its values with a contracts schema shows their messages, and in English their catalogue comes
 * with the first such form rather than with every first load (decision 0311).
 */
export function schemaResolver(
  ...args: Parameters<typeof mantineSchemaResolver>
): ReturnType<typeof mantineSchemaResolver> {
  void loadContractsText();
  return mantineSchemaResolver(...args);
}
