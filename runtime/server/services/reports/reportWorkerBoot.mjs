// Worker-thread bootstrap: a worker does not inherit the parent's tsx loader, so it registers tsx
// itself before importing the TypeScript entry named in workerData.entry (reportWorker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
