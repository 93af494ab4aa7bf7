/**
 * Key builders: the only place that knows how entities map to PK/SK and the GSI attributes.
 * See README.md beside this file for the access patterns they serve.
 */

/** Lower-cased text for sort keys, so ordering ignores case. */
const sortable = (text: string) => text.trim().toLowerCase();

export const projectKeys = {
  item: (id: string) => ({ PK: `PROJECT#${id}`, SK: 'PROJECT' }),
  /** GSI1: every project, ordered by group then title. */
  all: (groupKey: string, title: string, id: string) => ({
    GSI1PK: 'PROJECTS',
    GSI1SK: `${groupKey}#${sortable(title)}#${id}`,
  }),
  allPartition: 'PROJECTS',
  /** GSI2: the projects of one group, ordered by title. */
  byGroup: (groupKey: string, title: string, id: string) => ({
    GSI2PK: `PROJECT_GROUP#${groupKey}`,
    GSI2SK: `${sortable(title)}#${id}`,
  }),
  groupPartition: (groupKey: string) => `PROJECT_GROUP#${groupKey}`,
  /** GSI3 (sparse): only projects shown on the homepage, ordered by group then title. */
  homepage: (groupKey: string, title: string, id: string) => ({
    GSI3PK: 'HOMEPAGE_PROJECTS',
    GSI3SK: `${groupKey}#${sortable(title)}#${id}`,
  }),
  homepagePartition: 'HOMEPAGE_PROJECTS',
};

export const metaKeys = {
  /** Marks that a named seed was written, so it is written once per table. */
  seed: (name: string) => ({ PK: 'META', SK: `SEED#${name}` }),
};
