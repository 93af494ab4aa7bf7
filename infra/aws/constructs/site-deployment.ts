import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { PROJECT_BUILDS_FOLDER } from '../../shared/project-builds';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import { FunctionRole } from './function-role';

/** Vite's content-hashed output: safe to cache forever, never worth deleting on deploy. */
const HASHED_ASSETS = 'assets/*';

/** The projects' builds: their own deployment owns (and prunes) this prefix of the bucket. */
const PROJECT_BUILDS = `${PROJECT_BUILDS_FOLDER}/*`;

/** Vite's build manifest (`web/dist/.vite/`), read by the size budget test, never served. */
const BUILD_MANIFEST = '.vite/*';

/** Annotation id of the warning shown when the web bundle was not built before synth. */
export const WEB_DIST_MISSING_WARNING = 'hatchworks:web-dist-missing';

export interface SiteDeploymentProps {
  readonly bucket: IBucket;
  readonly distribution: IDistribution;
  /** The built SPA; when it does not exist only `/config.json` is deployed. */
  readonly webDistPath: string;
  /**
   * The projects' static builds (`apps/`, one folder per project), uploaded to the `apps/`
   * prefix of the bucket and served at `/apps/<slug>/`; nothing is uploaded when it is missing.
   */
  readonly projectBuildsPath?: string;
  /** Written as `/config.json`, read by the SPA at start-up. */
  readonly runtimeConfig: RuntimeConfig;
}

/**
 * Uploads the built SPA and its `/config.json`, with the same caching as the local server:
 * hashed assets immutable for a year, everything else revalidated on each load. Hashed assets
 * go first and are never pruned, so a browser holding the previous `index.html` still finds
 * its files; the rest is pruned and invalidated in CloudFront.
 */
export class SiteDeployment extends Construct {
  readonly deployments: readonly BucketDeployment[];
  /** The upload of the project builds, when the folder exists. */
  readonly projectBuilds: BucketDeployment | undefined;

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const built = existsSync(join(props.webDistPath, 'index.html'));
    if (!built) {
      Annotations.of(this).addWarningV2(
        WEB_DIST_MISSING_WARNING,
        `${props.webDistPath} has no index.html: only /config.json will be deployed. ` +
          'Run `npm run build` first (`npm run deploy` does).',
      );
    }

    // CDK's upload function would otherwise get the managed basic-execution role (logs on
    // every log group) and a log group kept forever.
    const role = new FunctionRole(this, 'UploadRole', {
      description: 'Copies the web bundle into the site bucket at deploy time',
    });
    const logGroup = new LogGroup(this, 'UploadLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroup.grantWrite(role);

    const common = {
      destinationBucket: props.bucket,
      role,
      logGroup,
      // 128 MB makes the upload slow on a real bundle; both deployments share one function.
      memoryLimit: 512,
    };

    const assets = built
      ? new BucketDeployment(this, 'HashedAssets', {
          ...common,
          sources: [Source.asset(props.webDistPath)],
          exclude: ['*'],
          include: [HASHED_ASSETS],
          prune: false,
          cacheControl: [
            CacheControl.setPublic(),
            CacheControl.maxAge(Duration.days(365)),
            CacheControl.immutable(),
          ],
        })
      : undefined;

    const site = new BucketDeployment(this, 'Site', {
      ...common,
      sources: [
        ...(built ? [Source.asset(props.webDistPath)] : []),
        Source.jsonData('config.json', props.runtimeConfig),
      ],
      // The project builds are another deployment's: excluded files are neither uploaded nor pruned.
      // The build manifest is the tests', not the site's.
      exclude: [HASHED_ASSETS, PROJECT_BUILDS, BUILD_MANIFEST],
      // Without a bundle, pruning would delete the site that is already live.
      prune: built,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) site.node.addDependency(assets);

    // Published with the site: what the folder holds is what the prefix serves (pruned), and
    // the CloudFront cache of the prefix is invalidated.
    const projects =
      props.projectBuildsPath && existsSync(props.projectBuildsPath)
        ? new BucketDeployment(this, 'ProjectBuilds', {
            ...common,
            sources: [Source.asset(props.projectBuildsPath)],
            destinationKeyPrefix: `${PROJECT_BUILDS_FOLDER}/`,
            exclude: ['README.md'],
            prune: true,
            cacheControl: [CacheControl.noCache()],
            distribution: props.distribution,
            distributionPaths: [`/${PROJECT_BUILDS}`],
          })
        : undefined;

    this.deployments = [...(assets ? [assets] : []), site, ...(projects ? [projects] : [])];
    this.projectBuilds = projects;
    this.acknowledgeFindings(role);
  }

  private acknowledgeFindings(role: FunctionRole): void {
    acknowledgeWildcards(role, [
      {
        finding:
          /^(Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*|Resource::.*cdk-[a-z0-9]+-assets-.*\/\*|Resource::<[A-Za-z0-9]+\.Arn>\/\*)$/,
        reason:
          "The grants CDK's BucketDeployment makes so its upload function can read the bundle " +
          'from the CDK asset bucket and sync it into the site bucket (prune deletes stale ' +
          'files); scoped to those two buckets and run only during deployments.',
      },
      {
        finding: /^Resource::\*$/,
        actionsOnAnyResource: /^cloudfront:(Create|Get)Invalidation$/,
        reason:
          "CDK's BucketDeployment invalidates the distribution after upload and grants the " +
          'invalidation actions on "*"; nothing else is granted on "*".',
      },
    ]);
    // CDK creates the upload function once per stack, at the stack's root, under this id prefix.
    const uploadFunctions = Stack.of(this).node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    for (const uploadFunction of uploadFunctions) {
      Validations.of(uploadFunction).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "CDK's BucketDeployment upload function: its runtime is chosen by aws-cdk-lib and " +
          'moves with library upgrades; it is not code of ours.',
      });
    }
  }
}
