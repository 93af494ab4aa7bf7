/**
 * The merge steps run by a process of their own, against the test stack's DynamoDB Local, so the
 * kill-midway test can SIGKILL it between (or during) steps and resume over HTTP.
 *
 *   npx tsx functions/test/support/merge-worker.ts <merge|unmerge> <from-id> <into-id> <admin-id>
 *
 * Needs TABLE_NAME and DYNAMODB_ENDPOINT in the environment. Moves 2 votes per step and prints one
 * JSON line (the merge status) after every committed step, then waits a moment so that the test
 * can kill it between steps as well as in them.
 */
const [mode, fromId = '', intoId = '', adminId = ''] = process.argv.slice(2);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'SILENT';

const { mergeFeature, unmergeFeature } =
  await import('@hatchworks/functions/modules/votable/feature-kind');
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
    ? await unmergeFeature(fromId, adminId, options)
    : await mergeFeature(fromId, intoId, adminId, options);
process.stdout.write(`${JSON.stringify({ ...run.status, finished: run.done })}\n`);

export {};
