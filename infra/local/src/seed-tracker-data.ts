import type { VoteDirection } from '@hatchworks/shared/schemas/tracker';
import type {
  ProjectSuggestionInput,
  TrackerFeatureRequestInput,
} from '@hatchworks/shared/schemas/tracker-submissions';

/** Who submitted a demo tracker item: the demo user (signed in) or an anonymous visitor. */
export type DemoTrackerAuthor = 'user' | 'anonymous';

/**
 * The votes a demo tracker item gets: the demo accounts' own, and one vote per anonymous visitor
 * listed (each with a fresh anonymous id, as the API gives a new visitor).
 */
export interface DemoTrackerVotes {
  readonly admin?: VoteDirection;
  readonly user?: VoteDirection;
  readonly visitors?: readonly VoteDirection[];
}

/** A demo tracker feature request, written through the same repository calls as the API. */
export interface DemoTrackerRequest {
  /** Title of the demo project it is about; null for a request about the site itself. */
  readonly project: string | null;
  readonly author: DemoTrackerAuthor;
  /** How long before the seed it was submitted, so the activity feed and 'Newest' read naturally. */
  readonly hoursAgo: number;
  /** The form's fields as typed (tags as comma-separated text). */
  readonly input: Omit<TrackerFeatureRequestInput, 'project_id' | 'website'>;
  readonly votes: DemoTrackerVotes;
}

/** A demo project suggestion, written through the same repository calls as the API. */
export interface DemoSuggestion {
  readonly author: DemoTrackerAuthor;
  readonly hoursAgo: number;
  readonly input: Omit<ProjectSuggestionInput, 'website'>;
  readonly votes: DemoTrackerVotes;
}

/**
 * The public tracker's demo requests: every category and priority, five demo projects and one
 * about the site itself, half by the demo user and half anonymous, with votes that give 'Most
 * Voted' a clear order (5, 3, 2, 1, 0, -1).
 */
export const DEMO_TRACKER_REQUESTS: readonly DemoTrackerRequest[] = [
  {
    project: 'Yolk Runner',
    author: 'anonymous',
    hoursAgo: 9 * 24,
    input: {
      title: 'Frame drops after the first minute in Firefox',
      description:
        'The runner stutters once the kitchen gets busy, roughly a minute in. Chrome on the same laptop stays smooth.',
      category: 'Bug Fix',
      priority: 'High',
      tags: 'performance, firefox, canvas',
    },
    votes: { admin: 'up', user: 'up', visitors: ['up', 'up', 'up'] },
  },
  {
    project: 'Brood Board',
    author: 'user',
    hoursAgo: 6 * 24,
    input: {
      title: 'Recurring cards',
      description:
        'Let a card repeat every week or month (rent, invoices, stand-up notes) and reappear in its first column.',
      category: 'New Feature',
      priority: 'Medium',
      tags: 'cards, scheduling',
    },
    votes: { admin: 'up', user: 'up', visitors: ['up'] },
  },
  {
    project: 'Shell Budget',
    author: 'anonymous',
    hoursAgo: 4 * 24 + 5,
    input: {
      title: 'Bigger tap targets on the envelope list',
      description:
        'On a phone the plus and minus buttons beside each envelope are easy to miss and I keep opening the wrong one.',
      category: 'UI/UX Improvement',
      priority: 'Low',
      tags: 'mobile, accessibility',
    },
    votes: { admin: 'up', visitors: ['up'] },
  },
  {
    project: 'The Last Lighthouse',
    author: 'user',
    hoursAgo: 2 * 24 + 3,
    input: {
      title: 'Remember where I stopped reading',
      description:
        'Closing the tab sends me back to the first scene. Keeping my place and my choices in the browser would be enough.',
      category: 'Enhancement',
      priority: 'Medium',
      tags: 'progress, saves',
    },
    votes: { user: 'up' },
  },
  {
    project: 'Coop Tactics',
    author: 'anonymous',
    hoursAgo: 20,
    input: {
      title: 'Lobby invite links open an empty match',
      description:
        'Following an invite link starts a new match instead of joining my friend’s lobby, so we cannot play together at all.',
      category: 'Bug Fix',
      priority: 'Critical',
      tags: 'multiplayer, lobbies',
    },
    votes: { admin: 'up', visitors: ['down'] },
  },
  {
    project: null,
    author: 'user',
    hoursAgo: 3,
    input: {
      title: 'RSS feed of new projects',
      description:
        'A feed that lists each new project and release, so I can follow the studio without checking the site.',
      category: 'New Feature',
      priority: 'Low',
      tags: 'rss, notifications',
    },
    votes: { admin: 'down' },
  },
];

/** The demo project suggestions: four of the five groups, with votes up and down. */
export const DEMO_SUGGESTIONS: readonly DemoSuggestion[] = [
  {
    author: 'anonymous',
    hoursAgo: 8 * 24,
    input: {
      name: 'Cracked Compass',
      description:
        'A travel serial in which readers vote each week on where the narrator goes next.',
      rationale:
        'The reader polls are the most loved part of Eggshell Chronicles; a story built around them would lean into that.',
      group: 'Fiction Projects',
    },
    votes: { admin: 'up', user: 'up', visitors: ['up'] },
  },
  {
    author: 'user',
    hoursAgo: 5 * 24,
    input: {
      name: 'Roost Rota',
      description: 'A chore rota for shared houses that rotates fairly and sends reminders.',
      rationale:
        'Omelette Planner households already share the shopping; the rest of the housework is the obvious next step.',
      group: 'Web Applications',
    },
    votes: { user: 'up' },
  },
  {
    author: 'anonymous',
    hoursAgo: 30,
    input: {
      name: 'Pecking Order',
      description:
        'A printable card game about hens negotiating the coop hierarchy, with its design notes published alongside.',
      rationale:
        'A paper prototype shows how the studio designs games, not just the finished ones, and costs little to make.',
      group: 'Game Design',
    },
    votes: { admin: 'up', user: 'down' },
  },
  {
    author: 'user',
    hoursAgo: 7,
    input: {
      name: 'Changelog Hatcher',
      description:
        'Drafts release notes from merged pull requests and conventional commits, for a person to edit before publishing.',
      rationale:
        'Every project here ships versions, and writing their changelogs by hand is the chore nobody volunteers for.',
      group: 'AI & Development Tools',
    },
    votes: { admin: 'up', user: 'up' },
  },
];
