import { BUILD_TOOLS } from '@hatchworks/shared/constants';
import { groupKey, type Homepage } from '@hatchworks/shared/schemas/projects';
import { listHomepageProjects } from '../../modules/projects/projects-repository';
import { httpHandler } from '../../http/http-handler';
import { getHomepageProjects as route } from '@hatchworks/shared/contracts/projects';

export const handler = httpHandler({
  route,
  handler: async (): Promise<Homepage> => {
    const groups: Homepage['groups'] = {};
    for (const project of await listHomepageProjects()) {
      const key = groupKey(project.group_name);
      const group = (groups[key] ??= { name: project.group_name, projects: [] });
      group.projects.push(project);
    }
    return { groups, global: { buildTools: { ...BUILD_TOOLS } } };
  },
});
