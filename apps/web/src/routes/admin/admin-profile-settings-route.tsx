import { paths } from '@/config/paths';
import { ProfileSettingsScreen } from '../profile-settings-screen';

/** /admin/settings/account (spec section 2): the admin's own profile, on the cabinet's profile screen. */
export function AdminProfileSettingsRoute() {
  return <ProfileSettingsScreen homeHref={paths.admin.home.getHref()} />;
}
