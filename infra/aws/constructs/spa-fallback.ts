/**
 * The viewer-request CloudFront Function of the S3 behaviour: a path whose last segment has no
 * file extension is a client-side route of the SPA and is served `/index.html`. It replaces
 * distribution-wide custom error responses, which would also turn the API's JSON 404s into HTML.
 * Same rule as the local server's `resolveStatic` (Node's `extname(path) === ''`).
 *
 * Plain ES5-style JavaScript: this runs in the CloudFront Functions runtime, not in Node.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var segment = request.uri.slice(request.uri.lastIndexOf('/') + 1);
  if (segment.lastIndexOf('.') <= 0) {
    request.uri = '/index.html';
  }
  return request;
}`;
