/** A worker task that never ends on its own (runInWorker must terminate it at its time cap). */
export default function spinTask(): never {
  for (;;) {
    // busy on purpose
  }
}
