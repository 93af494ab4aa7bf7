import { SITE_NAME } from '@hatchworks/shared/constants';

/** Sets the tab title of a page; React 19 hoists `<title>` into `<head>`. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} | ${SITE_NAME}`}</title>;
}
