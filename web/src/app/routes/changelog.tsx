import { ChangelogPage } from '../../features/changelog/components/changelog-page';

/** `/changelog`: what shipped, the Atom feed, and the admins' publish form. */
export default function ChangelogRoute() {
  return <ChangelogPage />;
}
