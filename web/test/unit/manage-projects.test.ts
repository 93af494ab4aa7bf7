import { describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { groupProjects } from '../../src/features/projects/utils/group-projects';
import {
  EMPTY_PROJECT_FORM,
  formValuesFromProject,
  projectInputFromForm,
} from '../../src/features/projects/utils/project-form-values';

const project = (overrides: Partial<Project>): Project => ({
  id: '01HZX0000000000000000000AA',
  title: 'Yolk Runner',
  group_name: 'Games',
  show_on_homepage: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('Manage Projects grouping', () => {
  it('groups by group name, groups alphabetically, titles alphabetically within', () => {
    const groups = groupProjects([
      project({ id: '1', title: 'Zeta', group_name: 'web' }),
      project({ id: '2', title: 'Alpha', group_name: 'Games' }),
      project({ id: '3', title: 'beta', group_name: 'web' }),
      project({ id: '4', title: 'Gamma', group_name: 'AI' }),
    ]);
    expect(groups.map((group) => [group.name, group.projects.map((p) => p.title)])).toEqual([
      ['AI', ['Gamma']],
      ['Games', ['Alpha']],
      ['web', ['beta', 'Zeta']],
    ]);
  });

  it('answers no groups for no projects', () => {
    expect(groupProjects([])).toEqual([]);
  });
});

describe('project form', () => {
  it('starts with an empty title, group "other" and Show on Homepage checked', () => {
    expect(EMPTY_PROJECT_FORM).toMatchObject({
      title: '',
      group_name: 'other',
      show_on_homepage: true,
    });
  });

  it('sends trimmed values, leaves blanks out and makes an empty group "other"', () => {
    expect(
      projectInputFromForm({
        ...EMPTY_PROJECT_FORM,
        title: '  Nest  ',
        group_name: ' ',
        description: ' ',
        version: '1.0.0',
      }),
    ).toEqual({
      title: 'Nest',
      path: undefined,
      group_name: 'other',
      description: undefined,
      stage: undefined,
      status: undefined,
      version: '1.0.0',
      show_on_homepage: true,
      embed_origins: [],
    });
  });

  it('sends the widget origins of every line, space or comma; the API checks each', () => {
    const values = {
      ...EMPTY_PROJECT_FORM,
      title: 'Nest',
      embedOrigins: ' https://a.example\n\nhttps://b.example, http://localhost:5173 ',
    };
    expect(projectInputFromForm(values).embed_origins).toEqual([
      'https://a.example',
      'https://b.example',
      'http://localhost:5173',
    ]);
    const existing = project({ embed_origins: ['https://a.example', 'https://b.example'] });
    expect(formValuesFromProject(existing).embedOrigins).toBe(
      'https://a.example\nhttps://b.example',
    );
  });

  it('keeps Show on Homepage checked unless the project says false', () => {
    expect(formValuesFromProject(project({ show_on_homepage: false })).show_on_homepage).toBe(
      false,
    );
    expect(formValuesFromProject(project({})).show_on_homepage).toBe(true);
  });

  it('keeps deployment settings the form does not show when editing', () => {
    const existing = project({ deployment: { deployAs: '/yolk', type: 'static' } });
    const input = projectInputFromForm(formValuesFromProject(existing), existing);
    expect(input.deployment).toEqual({ deployAs: '/yolk', type: 'static' });
  });

  it('clears a repository URL that was removed', () => {
    const existing = project({ repository: { url: 'https://github.com/x/y' } });
    const values = { ...formValuesFromProject(existing), repositoryUrl: '' };
    expect(projectInputFromForm(values, existing).repository).toEqual({ url: '' });
  });
});
