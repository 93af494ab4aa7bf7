import { ChangelogPage } from '../../features/changelog/components/changelog-page';

/** `/changelog` (issue 12): what shipped, the Atom feed, and the admins' publish form. */
export default function ChangelogRoute() {
  return <ChangelogPage />;
}
