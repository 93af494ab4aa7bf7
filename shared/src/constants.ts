/** Business constants and limits of the product, shared by web and functions. */

/** The product's name as shown in the header, titles and loading texts. */
export const SITE_NAME = 'Hatchworks';

export const EGGS = {
  welcomeBonus: 500,
  daily: 100,
  featureCreationCost: 100,
} as const;

export const VOTE = {
  quickAmounts: [10, 25, 50, 100],
  defaultAmount: 10,
  minimum: 1,
} as const;

export const LIMITS = {
  featureTitleMax: 255,
  featurePageSize: 50,
  /** Largest JSON request body a route accepts, in bytes. */
  requestBodyMaxBytes: 64 * 1024,
  /** Default and maximum page sizes of every paginated list. */
  defaultPageSize: 50,
  maxPageSize: 100,
} as const;

/**
 * Limits of the account routes (fixed windows, counted per client address and per email
 * address) and how long the links the site mails stay valid.
 */
export const ACCOUNT_LIMITS = {
  /** New accounts (registration and first hosted sign-in) per client per window. */
  signUpsPerClient: 5,
  /** Registrations per email address per window. */
  registrationsPerEmail: 3,
  /** Verification and reset mails asked for per email address, and per client, per window. */
  mailsPerEmail: 3,
  mailsPerClient: 10,
  windowSeconds: 60 * 60,
  verificationLinkSeconds: 24 * 60 * 60,
  resetLinkSeconds: 60 * 60,
} as const;

export const TIMING = {
  apiTimeoutMs: 10_000,
  projectsStaleMs: 5 * 60_000,
  projectsCacheMs: 10 * 60_000,
} as const;

export const PROJECT_STATUSES = ['non-working', 'MVP', 'fully-working'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STAGES = ['Static', 'React', 'Backend', 'Auth'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

/** Group a project lands in when none is given. */
export const DEFAULT_PROJECT_GROUP = 'other';

/** Build tools the platform requires, shown in the footer (homepage `global.buildTools`). */
export const BUILD_TOOLS: Readonly<Record<string, string>> = {
  node: '>=20',
  npm: '>=10',
  vite: '7.x',
};
