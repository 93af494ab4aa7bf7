import { DEFAULT_PROJECT_GROUP } from '@hatchworks/shared/constants';
import type { Project, ProjectInput } from '@hatchworks/shared/schemas/projects';

/** The project form's fields as the inputs hold them. */
export interface ProjectFormValues {
  title: string;
  path: string;
  group_name: string;
  description: string;
  stage: string;
  status: string;
  version: string;
  repositoryUrl: string;
  show_on_homepage: boolean;
  /** The origins that may embed the feedback widget, one per line. */
  embedOrigins: string;
}

/** A new project: empty title, group 'other', shown on the homepage. */
export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  title: '',
  path: '',
  group_name: DEFAULT_PROJECT_GROUP,
  description: '',
  stage: '',
  status: '',
  version: '',
  repositoryUrl: '',
  show_on_homepage: true,
  embedOrigins: '',
};

/** The form for editing an existing project; 'Show on Homepage' is checked unless false. */
export function formValuesFromProject(project: Project): ProjectFormValues {
  return {
    title: project.title,
    path: project.path ?? '',
    group_name: project.group_name || DEFAULT_PROJECT_GROUP,
    description: project.description ?? '',
    stage: project.stage ?? '',
    status: project.status ?? '',
    version: project.version ?? '',
    repositoryUrl: project.repository?.url ?? '',
    show_on_homepage: project.show_on_homepage !== false,
    embedOrigins: (project.embed_origins ?? []).join('\n'),
  };
}

/**
 * The request body for the form. Blank optional fields are left out, an empty group becomes
 * 'other', and an edited project keeps the deployment settings the form does not show.
 */
export function projectInputFromForm(values: ProjectFormValues, existing?: Project): ProjectInput {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const url = values.repositoryUrl.trim();
  return {
    title: values.title.trim(),
    path: optional(values.path),
    group_name: values.group_name.trim() || DEFAULT_PROJECT_GROUP,
    description: optional(values.description),
    stage: optional(values.stage),
    status: optional(values.status),
    version: optional(values.version),
    ...(url || existing?.repository?.url ? { repository: { url } } : {}),
    show_on_homepage: values.show_on_homepage,
    // Lines, spaces or commas between origins; the API checks and normalises each.
    embed_origins: values.embedOrigins.split(/[\s,]+/).filter(Boolean),
    ...(existing?.deployment ? { deployment: existing.deployment } : {}),
  };
}
