import { DashboardPage } from '../../../features/tracker/components/dashboard-page';

export default function TrackerDashboardRoute() {
  return <DashboardPage />;
}
