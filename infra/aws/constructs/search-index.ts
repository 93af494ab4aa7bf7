import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { SNAPSHOT_KEY } from '@hatchworks/functions/modules/search/snapshot-names';
import type { AppFunction } from './app-function';

/**
 * The search index (functions/src/modules/search): a MiniSearch snapshot kept as one object
 * (`search/index.json`) in a private bucket. The table's stream feeds the changes of feature
 * requests, tracker requests and suggestions to the table stream's function (`TableStream`), which
 * patches the snapshot with conditional writes (`grantUpdate`); the search routes read it once per cold start and again when it changed.
 * Nothing here has a fixed monthly cost beyond the object's storage.
 */
export class SearchIndex extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Snapshots', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      // The snapshot is rebuilt from the table when it is missing, so nothing in it is worth
      // keeping; but a bucket with an object in it cannot be deleted by CloudFormation, and the
      // auto-delete custom resource would cost a function of its own: the bucket stays behind
      // when the stack goes (infra/aws/README.md, "Search index").
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'The bucket holds one derived object (the search snapshot) that only our functions read ' +
        'and write with their own roles; CloudTrail records those calls, access logs add nothing.',
    });
  }

  /**
   * Lets the table stream's function patch the snapshot: its bucket as `SEARCH_SNAPSHOT_BUCKET`,
   * `s3:GetObject` and `s3:PutObject` on the one object.
   */
  grantUpdate(writer: AppFunction): void {
    writer.function.addEnvironment('SEARCH_SNAPSHOT_BUCKET', this.bucket.bucketName);
    writer.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [this.bucket.arnForObjects(SNAPSHOT_KEY)],
      }),
    );
    this.allowMissingObjectAnswer(writer);
  }

  /**
   * Lets a search route read the snapshot (and nothing else of the bucket): its name as
   * `SEARCH_SNAPSHOT_BUCKET`, `s3:GetObject` on the one object.
   */
  grantRead(reader: AppFunction): void {
    reader.function.addEnvironment('SEARCH_SNAPSHOT_BUCKET', this.bucket.bucketName);
    reader.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(SNAPSHOT_KEY)],
      }),
    );
    this.allowMissingObjectAnswer(reader);
  }

  /**
   * Without `s3:ListBucket` S3 answers a missing object with 403 instead of 404, and a function
   * could not tell "no snapshot yet" from a denial. Granted on the bucket without a prefix
   * condition: a GetObject request carries no `s3:prefix`, so a condition would void it. The
   * bucket holds the one snapshot, so listing it tells nothing more.
   */
  private allowMissingObjectAnswer(fn: AppFunction): void {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
      }),
    );
  }
}
