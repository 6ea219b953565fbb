/**
 * Hands the extraction threads out fairly between owners (users). Each owner has its own FIFO
 * queue; a free thread goes to the waiting owner holding the fewest threads, in turn among equals
 * (round robin), so a person's small file waits for a thread to free up, never behind another
 * person's backlog. While someone else is
 * waiting, one owner holds at most `maxPerOwner` threads (default threads − 1); alone, an owner may
 * use them all, so a single person's batch still runs at full speed. Nothing is preempted: a file
 * already being read finishes.
 *
 * Pure bookkeeping, no timers: the pool wraps each task it sends to a thread (a whole file or one
 * part of a split PDF) in `run`.
 */

export interface FairSchedulerOptions {
  /** Tasks that may run at once (the pool's threads). */
  slots: number;
  /** Slots one owner may hold while another owner waits; default max(1, slots − 1). */
  maxPerOwner?: number;
}

interface Waiter {
  start: () => void;
}

export interface SchedulerState {
  running: Record<string, number>;
  waiting: Record<string, number>;
}

export class FairScheduler {
  readonly slots: number;
  readonly maxPerOwner: number;
  #free: number;
  readonly #running = new Map<string, number>();
  /** Owners with waiting tasks, in the order they first queued; each owner's tasks in FIFO. */
  readonly #queues = new Map<string, Waiter[]>();
  /** When each owner with work here was last given a slot (a counter, not a clock). */
  readonly #lastServed = new Map<string, number>();
  #served = 0;

  constructor(options: FairSchedulerOptions) {
    this.slots = Math.max(1, options.slots);
    this.maxPerOwner = Math.max(1, Math.min(this.slots, options.maxPerOwner ?? this.slots - 1));
    this.#free = this.slots;
  }

  /**
   * Runs `task` once `owner` gets a slot. An abort while waiting rejects with the signal's reason
   * and gives up the place in the queue; once started the task is the caller's to stop.
   */
  run<T>(owner: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const queue = this.#queues.get(owner);
        const index = queue?.indexOf(waiter) ?? -1;
        if (index < 0) return;
        queue!.splice(index, 1);
        if (queue!.length === 0) this.#queues.delete(owner);
        reject(signal!.reason);
        // The owner it left behind may now be eligible.
        this.#dispatch();
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.#running.set(owner, (this.#running.get(owner) ?? 0) + 1);
          this.#free--;
          let done: Promise<T>;
          try {
            done = task();
          } catch (error) {
            done = Promise.reject(error);
          }
          done.then(resolve, reject).finally(() => {
            const held = this.#running.get(owner)! - 1;
            if (held > 0) this.#running.set(owner, held);
            else {
              this.#running.delete(owner);
              if (!this.#queues.has(owner)) this.#lastServed.delete(owner);
            }
            this.#free++;
            this.#dispatch();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.#queues.get(owner);
      if (queue) queue.push(waiter);
      else this.#queues.set(owner, [waiter]);
      this.#dispatch();
    });
  }

  /** Who holds and who waits for slots (for metrics and tests). */
  state(): SchedulerState {
    return {
      running: Object.fromEntries(this.#running),
      waiting: Object.fromEntries([...this.#queues].map(([owner, queue]) => [owner, queue.length])),
    };
  }

  #dispatch(): void {
    while (this.#free > 0 && this.#queues.size > 0) {
      const owner = this.#nextOwner();
      const queue = this.#queues.get(owner)!;
      const waiter = queue.shift()!;
      if (queue.length === 0) this.#queues.delete(owner);
      this.#lastServed.set(owner, ++this.#served);
      waiter.start();
    }
  }

  /**
   * Among owners waiting: those under the cap (which only counts while another owner waits), the
   * one holding fewest slots, then the one served longest ago (never, first), then first to queue.
   */
  #nextOwner(): string {
    const owners = [...this.#queues.keys()];
    const held = (owner: string) => this.#running.get(owner) ?? 0;
    const eligible = owners.length === 1 ? owners : owners.filter((owner) => held(owner) < this.maxPerOwner);
    let best = eligible[0] ?? owners[0]!;
    for (const owner of eligible) {
      const fewer = held(owner) - held(best);
      if (fewer < 0 || (fewer === 0 && (this.#lastServed.get(owner) ?? -1) < (this.#lastServed.get(best) ?? -1))) best = owner;
    }
    return best;
  }
}
