import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files with the most work each: the evaluations (the demo library or a labelled set, tens of questions, on
 * both databases) and the loads of the whole shared data (1-2 minutes each on a busy 2-core machine); in the
 * browser, every public page in both themes and the finders' and credits' journeys (about a minute each: the
 * accessibility file, started last, ran alone for its last 60 s).
 */
const HEAVY = /((evaluation|\/load-[^/]*)\.test|\/e2e\/(accessibility|people|companies|credits)\.spec)\.ts$/;

const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
const heavy = (file: TestSpecification) => (HEAVY.test(file.moduleId) ? 1 : 0);

/**
 * Vitest's order (a clean clone has no timings: larger files first), but the heavy files first in their group:
 * started late, one of them runs alone at the end while the other workers wait (issue 26).
 */
export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: otherwise the order stays vitest's.
    return (await super.sort(files)).sort((a, b) => groupOf(a) - groupOf(b) || heavy(b) - heavy(a));
  }
}
