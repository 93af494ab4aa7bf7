/**
 * The tracker merge steps run by a process of their own against the test stack's DynamoDB Local,
 * so the kill-midway test can SIGKILL it and resume over HTTP.
 *
 *   npx tsx functions/test/support/tracker-merge-worker.ts <merge|unmerge> <type> <from> <into> <admin>
 *
 * Needs TABLE_NAME and DYNAMODB_ENDPOINT. Moves 2 votes per step, prints the status as one JSON
 * line after every committed step and waits a moment, so it can be killed between steps too.
 */
const [mode, type = '', fromId = '', intoId = '', adminId = ''] = process.argv.slice(2);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'SILENT';

const { mergeTracker, unmergeTracker } =
  await import('@hatchworks/functions/modules/votable/tracker-kind');
const kind = type === 'project_suggestion' ? 'project_suggestion' : 'feature_request';
const options = {
  votesPerStep: 2,
  budgetMs: 120_000,
  afterStep: async (status: unknown) => {
    process.stdout.write(`${JSON.stringify(status)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  },
};
const run =
  mode === 'unmerge'
    ? await unmergeTracker(kind, fromId, adminId, options)
    : await mergeTracker(kind, fromId, intoId, adminId, options);
process.stdout.write(`${JSON.stringify({ ...run.status, finished: run.done })}\n`);

export {};
