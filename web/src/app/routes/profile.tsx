import { paths } from '../../config/paths';
import { ComingSoon } from './coming-soon';

export default function ProfileRoute() {
  return (
    <ComingSoon title={paths.profile.title}>
      Your egg balance, your requests and votes, and your account settings.
    </ComingSoon>
  );
}
