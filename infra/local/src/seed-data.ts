import type { CreateFeatureInput } from '@hatchworks/shared/schemas/features';
import type { ProjectInput } from '@hatchworks/shared/schemas/projects';

const repo = (name: string) => ({ url: `https://github.com/hatchworks-studio/${name}` });

/**
 * The demo portfolio seeded on the first local run: four groups, every status, every stage,
 * several deployment types, two projects hidden from the homepage.
 */
export const DEMO_PROJECTS: readonly ProjectInput[] = [
  {
    title: 'Eggshell Chronicles',
    path: '/apps/eggshell-chronicles/',
    group_name: 'Fiction Projects',
    description:
      'An illustrated serial story told one chapter a week, with reader polls between chapters.',
    stage: 'Static',
    status: 'fully-working',
    version: '1.2.0',
    repository: repo('eggshell-chronicles'),
    deployment: {
      deployAs: '/apps/eggshell-chronicles/',
      type: 'static',
      requiresBuild: false,
      packageManager: 'none',
      backend: { type: 'none' },
    },
  },
  {
    title: 'The Last Lighthouse',
    path: '/apps/last-lighthouse/',
    group_name: 'Fiction Projects',
    description: 'Interactive fiction where every choice dims or brightens the lighthouse beam.',
    stage: 'React',
    status: 'MVP',
    version: '0.4.1',
    repository: repo('last-lighthouse'),
    deployment: {
      deployAs: '/apps/last-lighthouse/',
      type: 'spa',
      requiresBuild: true,
      packageManager: 'npm',
      backend: { type: 'none' },
    },
  },
  {
    title: 'Nestling Tales',
    path: '/apps/nestling-tales/',
    group_name: 'Fiction Projects',
    description:
      'Bedtime stories generated from three words a child picks. Still finding its voice.',
    stage: 'Backend',
    status: 'non-working',
    version: '0.1.0',
    repository: repo('nestling-tales'),
    show_on_homepage: false,
    deployment: {
      deployAs: '/apps/nestling-tales/',
      type: 'serverless',
      requiresBuild: true,
      packageManager: 'pnpm',
      backend: { type: 'lambda' },
    },
  },
  {
    title: 'Yolk Runner',
    path: '/apps/yolk-runner/',
    group_name: 'Games & Game Design',
    description: 'An endless runner about an egg escaping the kitchen. Canvas, keyboard and touch.',
    stage: 'Static',
    status: 'fully-working',
    version: '2.0.3',
    repository: repo('yolk-runner'),
    deployment: {
      deployAs: '/apps/yolk-runner/',
      type: 'static',
      requiresBuild: false,
      packageManager: 'none',
      backend: { type: 'none' },
    },
  },
  {
    title: 'Hatch & Seek',
    path: '/apps/hatch-and-seek/',
    group_name: 'Games & Game Design',
    description: 'A cooperative hide-and-seek puzzle game for two players on one keyboard.',
    stage: 'React',
    status: 'MVP',
    version: '0.9.0',
    repository: repo('hatch-and-seek'),
    deployment: {
      deployAs: '/apps/hatch-and-seek/',
      type: 'spa',
      requiresBuild: true,
      packageManager: 'npm',
      backend: { type: 'none' },
    },
  },
  {
    title: 'Coop Tactics',
    path: '/apps/coop-tactics/',
    group_name: 'Games & Game Design',
    description: 'Turn-based tactics with online lobbies and saved matches.',
    stage: 'Auth',
    status: 'non-working',
    version: '0.2.0',
    repository: repo('coop-tactics'),
    deployment: {
      deployAs: '/apps/coop-tactics/',
      type: 'fullstack',
      requiresBuild: true,
      packageManager: 'pnpm',
      backend: { type: 'node' },
    },
  },
  {
    title: 'Brood Board',
    path: '/apps/brood-board/',
    group_name: 'Web Applications',
    description: 'A kanban board for small teams with real-time updates and offline support.',
    stage: 'Auth',
    status: 'fully-working',
    version: '1.5.2',
    repository: repo('brood-board'),
    deployment: {
      deployAs: '/apps/brood-board/',
      type: 'fullstack',
      requiresBuild: true,
      packageManager: 'npm',
      backend: { type: 'dynamodb' },
    },
  },
  {
    title: 'Shell Budget',
    path: '/apps/shell-budget/',
    group_name: 'Web Applications',
    description: 'Envelope budgeting in the browser; your data never leaves your device.',
    stage: 'React',
    status: 'fully-working',
    version: '1.0.0',
    repository: repo('shell-budget'),
    deployment: {
      deployAs: '/apps/shell-budget/',
      type: 'spa',
      requiresBuild: true,
      packageManager: 'yarn',
      backend: { type: 'none' },
    },
  },
  {
    title: 'Omelette Planner',
    path: '/apps/omelette-planner/',
    group_name: 'Web Applications',
    description: 'Meal planning with a shared shopping list for the household.',
    stage: 'Backend',
    status: 'MVP',
    version: '0.6.0',
    repository: repo('omelette-planner'),
    deployment: {
      deployAs: '/apps/omelette-planner/',
      type: 'serverless',
      requiresBuild: true,
      packageManager: 'npm',
      backend: { type: 'lambda' },
    },
  },
  {
    title: 'Incubator CLI',
    path: '/apps/incubator-cli/',
    group_name: 'AI & Development Tools',
    description: 'Scaffolds a new experiment with tests, linting and deployment in one command.',
    stage: 'Backend',
    status: 'MVP',
    version: '0.3.0',
    repository: repo('incubator-cli'),
    deployment: {
      deployAs: '/apps/incubator-cli/',
      type: 'cli',
      requiresBuild: true,
      packageManager: 'npm',
      backend: { type: 'node' },
    },
  },
  {
    title: 'Prompt Hatchery',
    path: '/apps/prompt-hatchery/',
    group_name: 'AI & Development Tools',
    description:
      'A notebook for comparing prompts side by side. Early sketch, kept off the homepage.',
    stage: 'Static',
    status: 'non-working',
    version: '0.0.1',
    repository: repo('prompt-hatchery'),
    show_on_homepage: false,
    deployment: {
      deployAs: '/apps/prompt-hatchery/',
      type: 'static',
      requiresBuild: false,
      packageManager: 'none',
      backend: { type: 'none' },
    },
  },
];

/** A demo feature request, written through the same repository calls as the API. */
export interface DemoFeature {
  /** Title of the demo project it is for. */
  readonly project: string;
  readonly input: Omit<CreateFeatureInput, 'project_id' | 'user_id'>;
  /** Where the demo admin leaves it, with the notes shown on its card. */
  readonly outcome:
    | { readonly status: 'approved'; readonly notes: string }
    | { readonly status: 'rejected'; readonly notes: string }
    | { readonly status: 'pending' };
  /** Eggs the demo admin and the demo user put on it (approved requests only). */
  readonly votes?: { readonly admin?: number; readonly user?: number };
}

/** What the demo admin grants the demo user first, so the seed leaves eggs to play with. */
export const DEMO_USER_BONUS = { amount: 300, reason: 'Demo seed: eggs to try voting with' };

/**
 * The demo feature requests seeded on the first local run, all by the demo user: three approved
 * with votes, one pending for the demo admin to moderate, one rejected (its 100 eggs refunded).
 */
export const DEMO_FEATURES: readonly DemoFeature[] = [
  {
    project: 'Yolk Runner',
    input: {
      title: 'Daily challenge mode',
      description:
        'One fixed course a day, the same for everyone, with a leaderboard that resets at midnight UTC.',
      feature_type: 'new_feature',
      tags: ['gameplay', 'leaderboard'],
      use_case: 'I play a round with my morning coffee and want to compare with friends.',
      priority_level: 'high',
    },
    outcome: { status: 'approved', notes: 'Planned for the 2.1 release.' },
    votes: { admin: 60, user: 25 },
  },
  {
    project: 'Brood Board',
    input: {
      title: 'Export a board as CSV',
      description: 'Download every card of a board with its column, assignee and due date.',
      feature_type: 'enhancement',
      tags: ['export', 'csv'],
      expected_benefits: 'Reporting in a spreadsheet without copying cards by hand.',
      priority_level: 'medium',
    },
    outcome: { status: 'approved', notes: 'Good idea, small change.' },
    votes: { admin: 35 },
  },
  {
    project: 'Shell Budget',
    input: {
      title: 'Dark mode',
      description: 'Follow the system colour scheme, with a switch to override it.',
      feature_type: 'ui_improvement',
      tags: ['theme', 'accessibility'],
      priority_level: 'low',
    },
    outcome: { status: 'approved', notes: 'Approved.' },
    votes: { admin: 15 },
  },
  {
    project: 'Omelette Planner',
    input: {
      title: 'Share a shopping list by link',
      description:
        'A read-only link to the week’s shopping list that works without an account, for whoever does the shopping.',
      feature_type: 'new_feature',
      tags: ['sharing'],
      priority_level: 'medium',
    },
    outcome: { status: 'pending' },
  },
  {
    project: 'Eggshell Chronicles',
    input: {
      title: 'Audio narration of every chapter',
      description: 'A recorded reading of each chapter, published with the text.',
      feature_type: 'new_feature',
      tags: ['audio'],
      priority_level: 'low',
    },
    outcome: {
      status: 'rejected',
      notes: 'Out of scope for a text-first serial; we may revisit it with a narrator.',
    },
  },
];
