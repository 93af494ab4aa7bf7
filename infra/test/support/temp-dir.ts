import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Global setup of the infra tests: every synthesis writes a cloud assembly, a stand-in web bundle
 * and project builds under the system's temporary folder (hundreds of megabytes a run). The
 * worker inherits a TMPDIR of the run's own, removed when the run ends.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-infra-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
