import { describe, expect, it } from 'vitest';
import {
  TrackerStatusChangeInputSchema,
  trackerStatusCode,
} from '@hatchworks/shared/schemas/tracker-status';
import { RoadmapQuerySchema } from '@hatchworks/shared/schemas/roadmap';
import {
  featureRoadmapColumn,
  trackerRoadmapColumn,
} from '@hatchworks/functions/modules/publishing/roadmap-repository';

const issues = (input: unknown) =>
  TrackerStatusChangeInputSchema.safeParse(input).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));

describe('TrackerStatusChangeInputSchema', () => {
  it('takes the five codes, trims the note and drops a blank one', () => {
    // Prepare / Act
    const planned = TrackerStatusChangeInputSchema.parse({ status: 'planned', note: '  soon  ' });
    const blank = TrackerStatusChangeInputSchema.parse({ status: 'completed', note: '   ' });
    const none = TrackerStatusChangeInputSchema.parse({ status: 'open', note: null });

    // Assess
    expect(planned).toEqual({ status: 'planned', note: 'soon' });
    expect(blank).toEqual({ status: 'completed', note: undefined });
    expect(none).toEqual({ status: 'open', note: undefined });
  });

  it('requires a note to close, refuses other statuses and notes over 1000 characters', () => {
    // Assess
    expect(issues({ status: 'closed' })).toEqual([
      { path: 'note', message: 'A note is required when closing' },
    ]);
    expect(issues({ status: 'closed', note: ' ' })).toEqual([
      { path: 'note', message: 'A note is required when closing' },
    ]);
    expect(issues({ status: 'In Progress' })?.[0]).toEqual({
      path: 'status',
      message: 'Status must be one of: open, planned, in_progress, completed, closed',
    });
    expect(issues({ status: 'planned', note: 'x'.repeat(1001) })?.[0]?.message).toBe(
      'The note must be at most 1000 characters',
    );
    expect(issues({ status: 'closed', note: 'x'.repeat(1000) })).toBeUndefined();
  });
});

describe('trackerStatusCode', () => {
  it('maps display names and codes to codes, and anything else to open', () => {
    expect(trackerStatusCode('In Progress')).toBe('in_progress');
    expect(trackerStatusCode('Completed')).toBe('completed');
    expect(trackerStatusCode('planned')).toBe('planned');
    expect(trackerStatusCode(undefined)).toBe('open');
    expect(trackerStatusCode('pending')).toBe('open');
  });
});

describe('roadmap columns', () => {
  it('puts planned, in-progress and completed tracker requests on it, open and closed off', () => {
    expect(trackerRoadmapColumn('Planned')).toBe('planned');
    expect(trackerRoadmapColumn('In Progress')).toBe('in_progress');
    expect(trackerRoadmapColumn('Completed')).toBe('completed');
    expect(trackerRoadmapColumn('Open')).toBeNull();
    expect(trackerRoadmapColumn('Closed')).toBeNull();
  });

  it('leaves approved feature requests off (still voting); in progress and completed on', () => {
    expect(featureRoadmapColumn('approved')).toBeNull();
    expect(featureRoadmapColumn('pending')).toBeNull();
    expect(featureRoadmapColumn('rejected')).toBeNull();
    expect(featureRoadmapColumn('in_progress')).toBe('in_progress');
    expect(featureRoadmapColumn('completed')).toBe('completed');
  });

  it("reads '' as no project", () => {
    expect(RoadmapQuerySchema.parse({ project_id: '' })).toEqual({ project_id: undefined });
  });
});
