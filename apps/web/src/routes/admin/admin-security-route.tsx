import { paths } from '@/config/paths';
import { SecurityScreen } from '../security-screen';

/** /admin/settings/security: the admin's own 'Безопасность', on the cabinet's screen. */
export function AdminSecurityRoute() {
  return <SecurityScreen homeHref={paths.admin.home.getHref()} />;
}
