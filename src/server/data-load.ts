/**
 * The shared company and people data a new server loads on its first start. The server listens first and
 * loads them in the background (server.ts); until a set is in, the searches over it answer 503 saying so
 * instead of a partial list, and readiness (/api/health/ready) is false.
 */
export type DataSet = 'companies' | 'people';
export type DataLoadState = 'loading' | 'ready' | 'failed';

export class DataLoad {
  private readonly states: Record<DataSet, DataLoadState>;
  private readonly waiting: Array<{ set: DataSet; then: () => void }> = [];

  private constructor(state: DataLoadState) {
    this.states = { companies: state, people: state };
  }

  /** Everything already there (tests, benchmarks and a server whose data is loaded). */
  static ready(): DataLoad {
    return new DataLoad('ready');
  }

  static loading(): DataLoad {
    return new DataLoad('loading');
  }

  state(set: DataSet): DataLoadState {
    return this.states[set];
  }

  /** Every set is in. */
  get ready(): boolean {
    return Object.values(this.states).every((state) => state === 'ready');
  }

  /** The overall state, for health: failed wins over loading. */
  get overall(): DataLoadState {
    const states = Object.values(this.states);
    if (states.includes('failed')) return 'failed';
    return states.includes('loading') ? 'loading' : 'ready';
  }

  set(set: DataSet, state: DataLoadState): void {
    this.states[set] = state;
    if (state !== 'ready') return;
    for (const entry of this.waiting.filter((entry) => entry.set === set)) {
      this.waiting.splice(this.waiting.indexOf(entry), 1);
      entry.then();
    }
  }

  /** Runs `then` once `set` is ready (caches built over it are redone). Nothing when it already is. */
  onReady(set: DataSet, then: () => void): void {
    if (this.states[set] !== 'ready') this.waiting.push({ set, then });
  }
}
