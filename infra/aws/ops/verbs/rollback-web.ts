import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  waitUntilInvalidationCompleted,
} from '@aws-sdk/client-cloudfront';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { lookup } from 'mime-types';
import { PAGE_SHELLS_FOLDER, pageShellFiles } from '@hatchworks/shared/page-shells';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** The caching of the deployment (infra/aws/constructs/site-deployment.ts). */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const PAGE_CACHE = 'no-cache';

/** How long CloudFront may take to finish an invalidation before the command stops waiting. */
const INVALIDATION_WAIT_SECONDS = 30 * 60;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/**
 * Puts an older web build (`web/dist` of an older commit) in front of the current API: its
 * hashed `assets/` first (immutable), then `index.html` and the page shells (`pages/*.html`,
 * revalidated), then invalidates
 * CloudFront's cache and waits until the invalidation is done, so every visitor gets the old
 * build. `/config.json` stays as deployed; the next `npm run deploy` uploads its own build.
 */
export async function rollbackWeb(
  ops: OpsEnvironment,
  options: { readonly dist: string },
): Promise<void> {
  const index = join(options.dist, 'index.html');
  if (!existsSync(index)) {
    throw new OpsError(
      `${options.dist} has no index.html: build the old commit first (npm run build -w web).`,
    );
  }
  const outputs = await readStackOutputs(ops);
  const bucket = outputs.get('SiteBucketName');
  const distributionId = outputs.get('DistributionId');
  const s3 = new S3Client(regional(ops));
  const put = (file: string, cacheControl: string, key?: string) =>
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key ?? relative(options.dist, file).split(sep).join('/'),
        Body: readFileSync(file),
        ContentType: lookup(file) || 'application/octet-stream',
        CacheControl: cacheControl,
      }),
    );
  const assets = existsSync(join(options.dist, 'assets'))
    ? filesUnder(join(options.dist, 'assets'))
    : [];
  for (const file of assets) await put(file, HASHED_CACHE);
  // A build older than the page shells has none: its index.html takes their place, or the live
  // shells would go on loading the newer build's chunks for their pages.
  const shellsDir = join(options.dist, PAGE_SHELLS_FOLDER);
  const shells = existsSync(shellsDir) ? filesUnder(shellsDir) : [];
  for (const file of [index, ...shells]) await put(file, PAGE_CACHE);
  if (shells.length === 0) {
    for (const shell of pageShellFiles()) await put(index, PAGE_CACHE, shell);
  }
  ops.print(`Uploaded ${assets.length} assets, index.html and the page shells to s3://${bucket}.`);

  // CloudFront is global: its API answers in us-east-1.
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  const invalidation = await cloudFront.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: `ops-rollback-web-${Date.now()}`,
        Paths: { Quantity: 1, Items: ['/*'] },
      },
    }),
  );
  const id = invalidation.Invalidation?.Id;
  if (!id) throw new OpsError(`CloudFront returned no invalidation id for ${distributionId}.`);
  ops.print(`Invalidating ${distributionId} (${id}); waiting until CloudFront is done…`);
  await waitUntilInvalidationCompleted(
    { client: cloudFront, maxWaitTime: INVALIDATION_WAIT_SECONDS, ...ops.pace },
    { DistributionId: distributionId, Id: id },
  );
  ops.print(`Done: ${outputs.get('DistributionDomainName')} serves the build of ${options.dist}.`);
}
