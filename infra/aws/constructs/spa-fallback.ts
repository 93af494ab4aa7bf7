import { PAGE_SHELL_URIS, ROUTE_SHELL_URI } from '@hatchworks/shared/page-shells';
import { PROJECT_BUILDS_PREFIX } from '../../shared/project-builds';

/**
 * The viewer-request CloudFront Function of the S3 behaviour. Under the project prefix
 * (`/apps/`) it serves the projects' static builds from the bucket: a path ending in `/` gets
 * its `index.html`, a last segment without a file extension is redirected to the directory (so
 * the build's relative links work), files are left alone. Anywhere else a path whose last
 * segment has no file extension is a client-side route of the SPA and is served its HTML: Home's
 * `/index.html`, its page's shell, or the shell of every other route (shared/src/page-shells.ts).
 * It replaces distribution-wide custom error responses, which would also turn the API's JSON
 * 404s into HTML. Same rules as the local server's `resolveStatic` and `resolveProjectBuild`.
 *
 * Plain ES5-style JavaScript: this runs in the CloudFront Functions runtime, not in Node.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var segment = uri.slice(uri.lastIndexOf('/') + 1);
  var hasExtension = segment.lastIndexOf('.') > 0;
  var shells = ${JSON.stringify(PAGE_SHELL_URIS)};
  if (uri.indexOf(${JSON.stringify(PROJECT_BUILDS_PREFIX)}) === 0) {
    if (segment === '') {
      request.uri = uri + 'index.html';
    } else if (!hasExtension) {
      return {
        statusCode: 301,
        statusDescription: 'Moved Permanently',
        headers: { location: { value: uri + '/' } },
      };
    }
    return request;
  }
  if (!hasExtension) {
    var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
    request.uri = Object.prototype.hasOwnProperty.call(shells, path) ? shells[path] : ${JSON.stringify(ROUTE_SHELL_URI)};
  }
  return request;
}`;
