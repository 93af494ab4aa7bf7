import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The visitor's IP address for per-client limits. Behind CloudFront, API Gateway's `sourceIp` is
 * the edge's address, so the `CloudFront-Viewer-Address` header CloudFront sets (forwarded by
 * the AllViewerExceptHostHeader policy) wins when present. A caller that bypasses CloudFront can
 * forge that header; per-account limits still hold for them.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer) {
    // "ip:port", where IPv6 addresses contain colons themselves.
    const separator = viewer.lastIndexOf(':');
    const ip = separator > 0 ? viewer.slice(0, separator) : viewer;
    if (ip) return ip;
  }
  return event.requestContext.http.sourceIp;
}
