import { CreateFeatureInputSchema } from '@hatchworks/shared/schemas/features';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { DEMO_FEATURES, DEMO_PROJECTS, DEMO_USER_BONUS } from './seed-data';

/**
 * Writes the demo feature requests (first run only: the caller checks) through the repository
 * calls the API uses, so every egg moves through the ledger and every invariant holds: the demo
 * admin grants the demo user a bonus, the demo user requests each feature (100 eggs each), the
 * demo admin approves, rejects (refunding 100 eggs) or leaves it pending, and both vote.
 */
export async function seedDemoFeatures(): Promise<void> {
  const users = await import('@hatchworks/functions/modules/accounts/users-repository');
  const { listProjects } =
    await import('@hatchworks/functions/modules/projects/projects-repository');
  const { adjustEggs } = await import('@hatchworks/functions/modules/eggs/eggs-repository');
  const { createFeature } =
    await import('@hatchworks/functions/modules/features/features-repository');
  const { changeFeatureStatus } =
    await import('@hatchworks/functions/modules/features/feature-moderation');
  const { castVote } = await import('@hatchworks/functions/modules/features/votes-repository');

  const [adminAccount, userAccount] = DEMO_ACCOUNTS;
  const admin = await users.getUserByEmail(adminAccount.email);
  const user = await users.getUserByEmail(userAccount.email);
  if (!admin || !user) throw new Error('The demo accounts must be seeded before their features');
  const { items: projects } = await listProjects(DEMO_PROJECTS.length);
  const projectId = (title: string) => {
    const project = projects.find((each) => each.title === title);
    if (!project) throw new Error(`Demo project "${title}" is missing`);
    return project.id;
  };

  await adjustEggs(user.id, DEMO_USER_BONUS.amount, DEMO_USER_BONUS.reason);
  for (const demo of DEMO_FEATURES) {
    const input = CreateFeatureInputSchema.parse({
      ...demo.input,
      project_id: projectId(demo.project),
    });
    const feature = await createFeature(user.id, input);
    if (demo.outcome.status === 'pending') continue;
    await changeFeatureStatus(feature.id, demo.outcome.status, demo.outcome.notes);
    if (demo.votes?.admin) await castVote(admin.id, feature.id, demo.votes.admin);
    if (demo.votes?.user) await castVote(user.id, feature.id, demo.votes.user);
  }
}
