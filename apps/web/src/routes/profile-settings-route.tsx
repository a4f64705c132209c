import { paths } from '@/config/paths';
import { ProfileSettingsScreen } from './profile-settings-screen';

/** /settings/account (spec section 2). */
export function ProfileSettingsRoute() {
  return <ProfileSettingsScreen homeHref={paths.home.getHref()} />;
}
