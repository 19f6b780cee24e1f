// Test support (Node only, not part of the library build): how much a piece of code allocates.
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Runs `work` three times and returns the smallest growth of the JS heap over a run, in bytes, counting a run in which
 * the collector ran at all as Infinity: the heap delta alone can hide allocations, since a minor GC in the middle of
 * a run takes them back. Warm `work` up first (first calls make views, V8 optimises).
 */
export async function leastHeapDelta(work: () => void): Promise<number> {
  let collections = 0;
  const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  const deltas: number[] = [];
  try {
    for (let run = 0; run < 3; run++) {
      const seen = collections;
      const before = process.memoryUsage().heapUsed;
      work();
      const delta = process.memoryUsage().heapUsed - before;
      await new Promise((resolve) => setTimeout(resolve, 20)); // GC entries arrive asynchronously
      deltas.push(collections === seen ? delta : Infinity);
    }
  } finally {
    observer.disconnect();
  }
  return Math.min(...deltas);
}
