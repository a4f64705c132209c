/**
 * At most `size` slots are in use at once; a task takes one slot, or more when it is heavy (`run`'s
 * weight). Tasks start in arrival order: a finished task hands its slots straight to the waiters at the
 * head of the queue, so a newcomer can never overtake it, and a heavy task waits until enough is free.
 */
export class Semaphore {
  #used = 0;
  #active = 0;
  readonly #waiting: { slots: number; start: () => void }[] = [];

  constructor(readonly size: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` once `weight` slots (1 to `size`) are free. */
  async run<T>(task: () => Promise<T>, weight = 1): Promise<T> {
    const slots = Math.min(Math.max(1, Math.floor(weight)), this.size);
    if (this.#waiting.length === 0 && this.#used + slots <= this.size) this.#take(slots);
    else await new Promise<void>((start) => this.#waiting.push({ slots, start }));
    try {
      return await task();
    } finally {
      this.#used -= slots;
      this.#active -= 1;
      this.#startWaiting();
    }
  }

  #take(slots: number) {
    this.#used += slots;
    this.#active += 1;
  }

  #startWaiting() {
    for (let next = this.#waiting[0]; next && this.#used + next.slots <= this.size; next = this.#waiting[0]) {
      this.#waiting.shift();
      this.#take(next.slots);
      next.start();
    }
  }
}
