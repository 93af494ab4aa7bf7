import { beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_NAMES } from '../aws/ops/stack-outputs';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

type Output = { readonly Value: unknown };

describe('the outputs npm run ops finds the resources by', () => {
  let site: SynthesizedSite;
  let outputs: Record<string, Output>;

  beforeAll(() => {
    site = synthSite();
    outputs = site.template.toJSON().Outputs as Record<string, Output>;
  });

  it('declares every output the verbs read, far under the quota of 200', () => {
    // Assess: https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining([...OUTPUT_NAMES]));
    expect(Object.keys(outputs).length).toBeLessThan(50);
  });

  it('names exactly one resource in each, the search snapshot bucket apart from its policy', () => {
    // Act
    const ref = (name: string) => outputs[name]?.Value;
    // Assess
    expect(ref('SearchSnapshotBucketName')).toEqual({
      Ref: logicalIdOf(site, site.stack.search.bucket),
    });
    expect(ref('DistributionId')).toEqual({
      Ref: logicalIdOf(site, site.stack.site.distribution),
    });
    expect(ref('ApiAccessLogGroupName')).toEqual({
      Ref: logicalIdOf(site, site.stack.api.accessLogs),
    });
    expect(ref('ApiFunctionLogGroupNames')).toEqual({
      'Fn::Join': [
        ',',
        site.stack.api.functionLogGroups.map((group) => ({ Ref: logicalIdOf(site, group) })),
      ],
    });
  });

  it("logs the connection's address as sourceIp: behind CloudFront it is an edge's, not the visitor's", () => {
    // Act
    const [stage] = Object.values(site.template.findResources('AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse(
      (stage?.Properties as { AccessLogSettings: { Format: string } }).AccessLogSettings.Format,
    ) as Record<string, string>;
    // Assess: an HTTP API's access log takes only $context variables, no request header
    // (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html);
    // the visitor's address is `client` in the functions' request line
    expect(format.sourceIp).toBe('$context.identity.sourceIp');
    expect(Object.keys(format)).not.toContain('ip');
    expect(Object.values(format).every((value) => value.startsWith('$context.'))).toBe(true);
  });
});
