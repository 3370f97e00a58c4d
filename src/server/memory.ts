import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. After a one-off bulk job (a first start's data load) the garbage it left
 * stays in the heap, and in the process's memory, until V8 next needs room, which an idle server may never.
 */
export function collectGarbage(): void {
  // V8 exposes gc() to contexts created after the flag is set.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
