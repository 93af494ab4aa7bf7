import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section';
import { ProfilePage } from '../../features/profile/components/profile-page';

export default function ProfileRoute() {
  return <ProfilePage preferences={<NotificationPreferencesSection />} />;
}
