import { useId } from 'react';
import { FeatureList } from './feature-list';

/**
 * What visitors read of the feature system under the sign-in prompt: the approved requests (of
 * one project when given), most eggs first, without filters or actions (voting and creating need
 * an account).
 */
export function VisitorBoard({ projectId }: { projectId?: string }) {
  const headingId = useId();
  return (
    <section className="feature-board feature-board--visitor" aria-labelledby={headingId}>
      <h2 id={headingId} className="feature-board__visitor-heading">
        Approved feature requests
      </h2>
      <FeatureList filter={{ status: 'approved', projectId }} labelledBy={headingId} />
    </section>
  );
}
