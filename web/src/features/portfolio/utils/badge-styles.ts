import type { BadgeTone } from '../../../components/ui/badge';

interface BadgeStyle {
  readonly tone: BadgeTone;
  readonly label: string;
}

const STATUS_STYLES: Readonly<Record<string, BadgeStyle>> = {
  'non-working': { tone: 'danger', label: 'Non-Working' },
  mvp: { tone: 'warning', label: 'MVP' },
  'fully-working': { tone: 'success', label: 'Fully Working' },
};

const STAGE_STYLES: Readonly<Record<string, BadgeStyle>> = {
  static: { tone: 'static', label: 'Static' },
  react: { tone: 'react', label: 'React' },
  backend: { tone: 'backend', label: 'Backend' },
  auth: { tone: 'auth', label: 'Auth' },
};

function lookup(styles: Readonly<Record<string, BadgeStyle>>, value: string): BadgeStyle {
  const known = styles[value.trim().toLowerCase()];
  return known ?? { tone: 'other', label: value.trim() };
}

/**
 * Badge of a project status: the three known statuses have fixed styles and labels,
 * anything else is shown as written in the 'other' style.
 */
export function statusBadge(status: string): BadgeStyle {
  return lookup(STATUS_STYLES, status);
}

/** Badge of a project stage: Static, React, Backend, Auth, else 'other'. */
export function stageBadge(stage: string): BadgeStyle {
  return lookup(STAGE_STYLES, stage);
}
