import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SNAPSHOT_KEY } from '@hatchworks/functions/modules/search/snapshot-names';
import { regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/**
 * Deletes the search snapshot (after a switch to a restored table it describes the old one):
 * the next change rebuilds it from the table, and readers build in memory meanwhile.
 */
export async function dropSearchSnapshot(ops: OpsEnvironment): Promise<void> {
  const outputs = await readStackOutputs(ops);
  const bucket = outputs.get('SearchSnapshotBucketName');
  await new S3Client(regional(ops)).send(
    new DeleteObjectCommand({ Bucket: bucket, Key: SNAPSHOT_KEY }),
  );
  ops.print(
    `Deleted s3://${bucket}/${SNAPSHOT_KEY}: the next search rebuilds it from ${outputs.get('TableName')}.`,
  );
}
