import { randomUUID } from 'node:crypto';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { CreateFeatureInputSchema } from '@hatchworks/shared/schemas/features';
import {
  ProjectSuggestionInputSchema,
  TrackerFeatureRequestInputSchema,
} from '@hatchworks/shared/schemas/tracker-submissions';

import { featureInput } from '../../../test/support/features';
import { requestInput, suggestionInput } from '../../../test/support/tracker';
import { useStackTable } from '../../../test/support/stack-table';

/**
 * The EMF lines of the real write paths: the repositories run in this test's process against the
 * stack's DynamoDB Local, with METRICS_NAMESPACE set here only (the stack's own handlers, in
 * their child process, write none), and stdout is captured.
 */
async function dataLayer() {
  useStackTable();
  return {
    users: await import('@hatchworks/functions/modules/accounts/user-creation'),
    eggs: await import('@hatchworks/functions/modules/eggs/eggs-repository'),
    projects: await import('@hatchworks/functions/modules/projects/projects-repository'),
    features: await import('@hatchworks/functions/modules/features/features-repository'),
    moderation: await import('@hatchworks/functions/modules/features/feature-moderation'),
    votes: await import('@hatchworks/functions/modules/features/votes-repository'),
    requests: await import('@hatchworks/functions/modules/tracker/tracker-requests-repository'),
    suggestions:
      await import('@hatchworks/functions/modules/tracker/tracker-suggestions-repository'),
    trackerVotes: await import('@hatchworks/functions/modules/tracker/tracker-votes-repository'),
  };
}

type DataLayer = Awaited<ReturnType<typeof dataLayer>>;

describe('the business figures as EMF metrics (CloudWatch dashboard)', () => {
  let data: DataLayer;
  let write: MockInstance<typeof process.stdout.write>;
  beforeAll(async () => {
    data = await dataLayer();
  });
  beforeEach(() => {
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/test');
    write = vi.spyOn(process.stdout, 'write');
  });
  afterEach(() => {
    write.mockRestore();
    vi.unstubAllEnvs();
  });

  /** The figures of the EMF lines in this test's namespace written since `from` (a count of writes). */
  const metricsSince = (from: number) =>
    write.mock.calls
      .slice(from)
      .map(([chunk]) => String(chunk))
      .filter((line) => line.startsWith('{"_aws"'))
      .map((line) => JSON.parse(line) as { _aws: { CloudWatchMetrics: { Namespace: string }[] } })
      .filter((entry) => entry._aws.CloudWatchMetrics[0]?.Namespace === 'Hatchworks/test')
      .map(({ _aws, ...figures }) => figures);
  const mark = () => write.mock.calls.length;

  /** A new verified account (the welcome eggs on it), counted by the test that wants it. */
  async function newAccount() {
    const name = `m${randomUUID().slice(0, 8)}`;
    const outcome = await data.users.createUser({
      email: `${name}@example.com`,
      username: name,
      displayName: name,
      isVerified: true,
      persons: [],
      makeUsernameUnique: true,
    });
    if (!outcome.created) throw new Error('account not created');
    return outcome.user;
  }

  async function approvedFeature(authorId: string) {
    const project = await data.projects.createProject({ title: `Project ${randomUUID()}` });
    const input = CreateFeatureInputSchema.parse(featureInput(project.id));
    const feature = await data.features.createFeature(authorId, input);
    await data.moderation.changeFeatureStatus(feature.id, 'approved');
    return feature;
  }

  it('counts one sign-up per account created, none for a refused duplicate', async () => {
    // Act
    const from = mark();
    const user = await newAccount();
    const duplicate = data.users.createUser({
      email: user.email,
      username: `other${randomUUID().slice(0, 8)}`,
      displayName: 'Other',
      isVerified: false,
      persons: [],
      makeUsernameUnique: true,
    });
    // Assess
    await expect(duplicate).rejects.toThrow();
    expect(metricsSince(from)).toEqual([{ SignUps: 1 }]);
  });

  it('counts the eggs of a daily claim, not its Idempotency-Key replay nor a second claim', async () => {
    // Prepare
    const user = await newAccount();
    const key = randomUUID();
    // Act
    const from = mark();
    await data.eggs.claimDailyEggs(user.id, key);
    await data.eggs.claimDailyEggs(user.id, key);
    const again = data.eggs.claimDailyEggs(user.id);
    // Assess
    await expect(again).rejects.toThrow('Daily eggs already claimed today');
    expect(metricsSince(from)).toEqual([{ EggsClaimed: 100 }]);
  });

  it('counts a feature request created, not its Idempotency-Key replay', async () => {
    // Prepare
    const user = await newAccount();
    const project = await data.projects.createProject({ title: `Project ${randomUUID()}` });
    const input = CreateFeatureInputSchema.parse(featureInput(project.id));
    const key = randomUUID();
    // Act
    const from = mark();
    await data.features.createFeature(user.id, input, key);
    await data.features.createFeature(user.id, input, key);
    // Assess
    expect(metricsSince(from)).toEqual([{ FeatureRequestsCreated: 1 }]);
  });

  it('counts a vote and the eggs it allocates, nothing for a refused vote', async () => {
    // Prepare
    const author = await newAccount();
    const voter = await newAccount();
    const feature = await approvedFeature(author.id);
    // Act
    const from = mark();
    await data.votes.castVote(voter.id, feature.id, 25);
    const tooMany = data.votes.castVote(voter.id, feature.id, 100_000);
    // Assess
    await expect(tooMany).rejects.toThrow();
    expect(metricsSince(from)).toEqual([{ FeatureVotes: 1, EggsAllocated: 25 }]);
  });

  it('counts a tracker request, a project suggestion and an upvote, not its removal', async () => {
    // Prepare
    const voterId = `anon#${randomUUID()}`;
    // Act
    const from = mark();
    const request = await data.requests.createTrackerRequest(
      TrackerFeatureRequestInputSchema.parse(requestInput()),
      {},
    );
    await data.suggestions.createSuggestion(
      ProjectSuggestionInputSchema.parse(suggestionInput()),
      {},
    );
    const vote = { voterId, targetId: request.id, direction: 'up' } as const;
    await data.trackerVotes.castVote(data.requests.trackerRequestTarget, vote);
    await data.trackerVotes.castVote(data.requests.trackerRequestTarget, vote);
    // Assess
    expect(metricsSince(from)).toEqual([
      { TrackerRequestsCreated: 1 },
      { ProjectSuggestionsCreated: 1 },
      { TrackerVotes: 1 },
    ]);
  });
});
