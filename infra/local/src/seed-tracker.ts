import {
  ProjectSuggestionInputSchema,
  TrackerFeatureRequestInputSchema,
} from '@hatchworks/shared/schemas/tracker-submissions';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { DEMO_PROJECTS } from './seed-data';
import {
  DEMO_SUGGESTIONS,
  DEMO_TRACKER_REQUESTS,
  type DemoTrackerAuthor,
  type DemoTrackerVotes,
} from './seed-tracker-data';

const HOUR_MS = 3600 * 1000;

/**
 * Writes the public tracker's demo requests, suggestions and votes (first run only: the caller
 * checks) through the repository calls the tracker API uses, so the counters, every sort view
 * and the activity feed agree. Authors and voters are identified as the API identifies them: the
 * demo accounts as signed-in users, anyone else by a fresh anonymous id. Each item is dated
 * `hoursAgo` before now, as if it had been submitted then.
 */
export async function seedDemoTracker(now = new Date()): Promise<void> {
  const users = await import('@hatchworks/functions/modules/accounts/users-repository');
  const { listProjects } =
    await import('@hatchworks/functions/modules/projects/projects-repository');
  const { createTrackerRequest, trackerRequestTarget } =
    await import('@hatchworks/functions/modules/tracker/tracker-requests-repository');
  const { createSuggestion, trackerSuggestionTarget } =
    await import('@hatchworks/functions/modules/tracker/tracker-suggestions-repository');
  const { castVote } =
    await import('@hatchworks/functions/modules/tracker/tracker-votes-repository');
  const { newAnonymousId } = await import('@hatchworks/functions/lib/anonymous-id');
  const { trackerVoterIds } = await import('@hatchworks/functions/modules/table/keys');

  const [adminAccount, userAccount] = DEMO_ACCOUNTS;
  const admin = await users.getUserByEmail(adminAccount.email);
  const user = await users.getUserByEmail(userAccount.email);
  if (!admin || !user) throw new Error('The demo accounts must be seeded before the tracker');
  const { items: projects } = await listProjects(DEMO_PROJECTS.length);
  const projectId = (title: string | null) => {
    if (title === null) return null;
    const project = projects.find((each) => each.title === title);
    if (!project) throw new Error(`Demo project "${title}" is missing`);
    return project.id;
  };

  const author = (who: DemoTrackerAuthor) => (who === 'user' ? { userId: user.id } : {});
  const voterIds = async (votes: DemoTrackerVotes) => [
    ...(votes.admin ? [{ voterId: trackerVoterIds.user(admin.id), direction: votes.admin }] : []),
    ...(votes.user ? [{ voterId: trackerVoterIds.user(user.id), direction: votes.user }] : []),
    ...(await Promise.all(
      (votes.visitors ?? []).map(async (direction) => ({
        voterId: trackerVoterIds.anonymous((await newAnonymousId()).id),
        direction,
      })),
    )),
  ];
  const submittedAt = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);

  for (const demo of DEMO_TRACKER_REQUESTS) {
    const input = TrackerFeatureRequestInputSchema.parse({
      ...demo.input,
      project_id: projectId(demo.project),
    });
    const request = await createTrackerRequest(
      input,
      author(demo.author),
      submittedAt(demo.hoursAgo),
    );
    for (const vote of await voterIds(demo.votes)) {
      await castVote(trackerRequestTarget, { ...vote, targetId: request.id }, now);
    }
  }
  for (const demo of DEMO_SUGGESTIONS) {
    const input = ProjectSuggestionInputSchema.parse(demo.input);
    const suggestion = await createSuggestion(
      input,
      author(demo.author),
      submittedAt(demo.hoursAgo),
    );
    for (const vote of await voterIds(demo.votes)) {
      await castVote(trackerSuggestionTarget, { ...vote, targetId: suggestion.id }, now);
    }
  }
}
