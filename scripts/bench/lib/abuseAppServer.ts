// The real API on PORT, as appServer.ts, plus an event-loop delay histogram of this process: the parent
// sends 'reset' to start a measurement and 'stats' to receive { p50, p99, max, mean } in milliseconds
// (sampled every 1 ms, so an idle loop reads about 1 ms).
import { monitorEventLoopDelay } from 'node:perf_hooks';
// Starts the API exactly as the other benches do (and says 'ready'); the parent's first 'reset' comes after.
import './appServer.ts';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    process.send?.({ reset: true });
  } else if (message === 'stats') {
    process.send?.({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    });
  }
});
