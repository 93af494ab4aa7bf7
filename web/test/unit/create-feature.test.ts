import { describe, expect, it } from 'vitest';
import type { CreateFeatureInput } from '@hatchworks/shared/schemas/features';
import {
  CREATE_FEATURE_MESSAGES,
  MISSING_FIELD_MESSAGES,
  createFeatureProblem,
  missingFeatureFields,
} from '../../src/features/feature-requests/api/create-feature';

const input = (overrides: Partial<CreateFeatureInput> = {}): CreateFeatureInput => ({
  title: 'Dark mode',
  description: 'A darker theme for the evening.',
  feature_type: 'ui_improvement',
  project_id: 'p-1',
  tags: ['ui'],
  ...overrides,
});

describe('Create feature checks before sending', () => {
  it("refuses a visitor with 'You must be logged in to create a feature request'", () => {
    // Prepare / Act
    const problem = createFeatureProblem({ balance: null, projectCount: 3, input: input() });

    // Assess
    expect(problem).toBe('You must be logged in to create a feature request');
  });

  it("refuses a balance under 100 with 'You need at least 100 eggs to create a feature request'", () => {
    // Prepare / Act
    const problem = createFeatureProblem({ balance: 99, projectCount: 3, input: input() });

    // Assess
    expect(problem).toBe('You need at least 100 eggs to create a feature request');
  });

  it("refuses a blank title or description with 'Title and description are required'", () => {
    // Prepare / Act / Assess
    for (const blank of [input({ title: '   ' }), input({ description: '\n' })]) {
      expect(createFeatureProblem({ balance: 100, projectCount: 3, input: blank })).toBe(
        'Title and description are required',
      );
    }
  });

  it("says 'No projects available. Contact an admin to create projects first.' without projects", () => {
    // Prepare / Act
    const problem = createFeatureProblem({ balance: 500, projectCount: 0, input: input() });

    // Assess
    expect(problem).toBe('No projects available. Contact an admin to create projects first.');
  });

  it("asks 'Please select a project for this feature request' when none is chosen", () => {
    // Prepare / Act
    const problem = createFeatureProblem({
      balance: 500,
      projectCount: 2,
      input: input({ project_id: '' }),
    });

    // Assess
    expect(problem).toBe('Please select a project for this feature request');
  });

  it('checks in order: login, balance, text, projects, project', () => {
    // Prepare
    const empty = input({ title: '', project_id: '' });

    // Act / Assess
    expect(createFeatureProblem({ balance: null, projectCount: 0, input: empty })).toBe(
      CREATE_FEATURE_MESSAGES.loginRequired,
    );
    expect(createFeatureProblem({ balance: 0, projectCount: 0, input: empty })).toBe(
      CREATE_FEATURE_MESSAGES.notEnoughEggs,
    );
    expect(createFeatureProblem({ balance: 100, projectCount: 0, input: empty })).toBe(
      CREATE_FEATURE_MESSAGES.titleAndDescription,
    );
    expect(
      createFeatureProblem({ balance: 100, projectCount: 0, input: input({ project_id: '' }) }),
    ).toBe(CREATE_FEATURE_MESSAGES.noProjects);
  });

  it('asks for a project rather than claiming there are none while the projects load', () => {
    // Prepare / Act
    const problem = createFeatureProblem({
      balance: 500,
      projectCount: null,
      input: input({ project_id: '' }),
    });

    // Assess
    expect(problem).toBe('Please select a project for this feature request');
  });

  it('refuses a title over 255 characters with the API message', () => {
    // Prepare / Act
    const problem = createFeatureProblem({
      balance: 500,
      projectCount: 1,
      input: input({ title: 'x'.repeat(256) }),
    });

    // Assess
    expect(problem).toBe('Title must be at most 255 characters');
  });

  it('lets a complete request go out', () => {
    // Prepare / Act / Assess
    expect(createFeatureProblem({ balance: 100, projectCount: 1, input: input() })).toBeNull();
  });
});

describe('Create form fields left empty', () => {
  it('lists every empty required field in the form order', () => {
    // Prepare / Act
    const empty = missingFeatureFields(input({ title: ' ', project_id: '', description: '' }), 2);

    // Assess
    expect(empty).toEqual(['title', 'project', 'description']);
    expect(empty.map((field) => MISSING_FIELD_MESSAGES[field])).toEqual([
      'Add a title',
      'Please select a project for this feature request',
      'Add a description',
    ]);
  });

  it('leaves the project out when there is none to choose', () => {
    // Prepare / Act / Assess
    expect(missingFeatureFields(input({ project_id: '' }), 0)).toEqual([]);
  });
});
