import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend their time waiting on processes of their own (`npm start` booting, twice per
 * test) rather than on the CPU. Started first, their waiting overlaps the CPU-bound files; left to
 * the default order (largest file first, when no earlier run is cached, as on a clean clone) they
 * end the run alone, with the machine half idle.
 */
const WAITING_FILES = ['infra/local/test/start-cli.test.ts'];

export class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) =>
      WAITING_FILES.some((path) => file.moduleId.replaceAll('\\', '/').endsWith(path));
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}
