import { paths } from '@/config/paths';
import { SecurityScreen } from './security-screen';

/** /settings/security: 'Безопасность' in the profile menu (issue 14). */
export function SecurityRoute() {
  return <SecurityScreen homeHref={paths.home.getHref()} />;
}
