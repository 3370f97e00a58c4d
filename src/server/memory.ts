import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. After a one-off bulk job (a first start's data load) the garbage it left
 * stays in the heap, and in the process's memory, until V8 next needs room, which an idle server may never.
 */
export function collectGarbage(): void {
  gc ??= exposeGc();
  gc();
}

let gc: (() => void) | undefined;

function exposeGc(): () => void {
  // V8 exposes gc() to contexts created after the flag is set.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** glibc's allocator controls (malloc.h), when the process runs on glibc. */
type Glibc = {
  mallopt(param: number, value: number): number;
  malloc_trim(pad: number): number;
};

const M_TRIM_THRESHOLD = -1;
const M_MMAP_THRESHOLD = -3;
const M_ARENA_MAX = -8;

let glibc: Glibc | null | undefined;

/** Through koffi's FFI; null on other C libraries (Alpine's musl, macOS, Windows), which keep their defaults. */
function loadGlibc(): Glibc | null {
  if (glibc !== undefined) return glibc;
  glibc = null;
  if (process.platform !== 'linux') return glibc;
  try {
    const koffi = createRequire(import.meta.url)('koffi');
    const libc = koffi.load('libc.so.6');
    glibc = {
      mallopt: libc.func('int mallopt(int, int)'),
      malloc_trim: libc.func('int malloc_trim(size_t)'),
    };
  } catch {
    // Not glibc (musl has no libc.so.6 or no malloc_trim): nothing to tune.
  }
  return glibc;
}

/**
 * Measured on a first start (bench/server): glibc held 216 MB for 38 MB in use. Each thread that allocates
 * (the database thread, V8's compilers, libuv's pool) gets its own arena, and after a large block is freed glibc
 * raises its mmap threshold to that size, so later large blocks (the messages to and from the database thread)
 * are carved from the arenas and never given back. Two arenas and a fixed threshold keep large blocks in their
 * own mappings, returned when freed. Call before the threads start.
 */
export function tuneAllocator(): void {
  const libc = loadGlibc();
  if (!libc) return;
  libc.mallopt(M_ARENA_MAX, 2);
  libc.mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  libc.mallopt(M_TRIM_THRESHOLD, 128 * 1024);
}

/**
 * Returns the allocator's free pages to the system. glibc only trims the top of each arena by itself; the free
 * pages inside stay in the process's memory (about 100 MB after a first start, 50 MB after a busy hour).
 */
export function releaseFreeMemory(): void {
  loadGlibc()?.malloc_trim(0);
}

/** How far the heap may grow past its size after the last collection before a quiet server collects. */
const GROWTH_ALLOWED_BYTES = 32 * 1024 * 1024;
/** Below this share of the last interval spent running code, the server counts as quiet. */
const QUIET_UTILIZATION = 0.05;

/**
 * What to call every few seconds: once the server is quiet after a busy spell, a full garbage collection and
 * the allocator's free pages back to the system. V8 collects when it needs room, which an idle server never
 * does: after a first session (the demo library indexed) its heap held 162 MB for 62 MB in use. Collected
 * once, a heap is collected again when it has grown by GROWTH_ALLOWED_BYTES. A collection of
 * that heap takes 50-150 ms, so it waits for a quiet interval rather than pausing requests.
 */
export function createTidyUp(): () => void {
  let since = performance.eventLoopUtilization();
  // The heap's size (garbage included) after the last collection; none yet, so the first quiet moment after
  // the start collects what starting left.
  let collected = 0;
  return () => {
    const { utilization } = performance.eventLoopUtilization(since);
    const size = getHeapStatistics().total_heap_size;
    if (utilization < QUIET_UTILIZATION && size > collected + GROWTH_ALLOWED_BYTES) {
      collectGarbage();
      collected = getHeapStatistics().total_heap_size;
    }
    releaseFreeMemory();
    // The next interval starts after this one's own work.
    since = performance.eventLoopUtilization();
  };
}
