// Preloaded into the API process by bench/import.bench.ts (node --import): samples
// process.memoryUsage() every 20 ms and answers the bench over the IPC channel. It adds
// no flag and keeps no data beyond one sample, so the API runs as it does in production.
//   { probe: 'reset' }  -> { probe: 'reset' }       starts a new step
//   { probe: 'report' } -> { probe: 'report', peak, now, heapLimit, execArgv }
//       peak: the sample with the highest RSS since the reset (heapUsed, external,
//       arrayBuffers of that moment); now: a sample taken at once; with BENCH_DIAG=1,
//       also `live`: the same after a full garbage collection (the live set).
import v8 from 'node:v8';
import vm from 'node:vm';

if (typeof process.send === 'function') {
  let peak = null;
  const sample = () => {
    const m = process.memoryUsage();
    if (!peak || m.rss > peak.rss) peak = m;
    return m;
  };
  setInterval(sample, 20).unref();
  let gc = null;
  if (process.env.BENCH_DIAG) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  }
  process.on('message', (msg) => {
    if (msg?.probe === 'reset') {
      peak = null;
      sample();
      process.send({ probe: 'reset' });
    } else if (msg?.probe === 'report') {
      const now = sample();
      let live;
      if (gc) {
        gc();
        live = process.memoryUsage();
      }
      process.send({ probe: 'report', peak, now, live, heapLimit: v8.getHeapStatistics().heap_size_limit, execArgv: process.execArgv });
    }
  });
  process.channel?.unref();
}
