import { RefusedError } from '../../http/errors';

/**
 * One writer per book: tasks run one at a time, in arrival order. Bounded: past `depthMax` waiting
 * tasks a new one is refused at once with `error.bibi_busy` instead of queueing without end.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(private readonly depthMax: number) {}

  /** Tasks waiting or running. */
  get length(): number {
    return this.pending;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.pending >= this.depthMax) return Promise.reject(new RefusedError('error.bibi_busy'));
    this.pending += 1;
    const result = this.tail.then(task);
    // The chain continues whether the task succeeded or failed; its caller sees the outcome.
    this.tail = result.then(
      () => this.finish(),
      () => this.finish(),
    );
    return result;
  }

  /** Resolves once every task queued so far has finished. */
  async drain(): Promise<void> {
    await this.tail;
  }

  private finish(): void {
    this.pending -= 1;
  }
}
