import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { FeatureBoard } from './feature-board';
import { VisitorBoard } from './visitor-board';
import { AUTH_LOADING, SignInPrompt } from './sign-in-prompt';
import './features-page.css';

/** `/features`: the Feature Request System. */
export function FeaturesPage() {
  const { status, user } = useSession();

  let body;
  if (status === 'loading') {
    body = <LoadingState label={AUTH_LOADING} />;
  } else if (!user) {
    body = (
      <>
        <SignInPrompt />
        <VisitorBoard />
      </>
    );
  } else {
    body = (
      <>
        <header className="features-page__header">
          <p className="eyebrow">Eggs & feature requests</p>
          <h1>{paths.features.title}</h1>
          <p className="lede">
            Spend eggs to request features and put eggs on the ones you want built first. The
            requests with the most eggs lead the list. A new request waits for an admin&apos;s
            review: until then only you see it, under All.
          </p>
        </header>
        <FeatureBoard user={user} />
      </>
    );
  }

  return (
    <div className="container page features-page">
      <DocumentTitle title={paths.features.title} />
      {body}
    </div>
  );
}
