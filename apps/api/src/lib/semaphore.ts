/**
 * At most `size` tasks run at once; the others wait in arrival order. A finished task hands its slot
 * straight to the next waiter, so a newcomer can never overtake the queue.
 */
export class Semaphore {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.size) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
