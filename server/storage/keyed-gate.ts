interface GateState {
  shared: number;
  exclusive: boolean;
  waiting: { exclusive: boolean; enter: () => void }[];
}

/**
 * Per key, many shared holders at once or one exclusive holder. Waiters enter in arrival order,
 * and a waiting exclusive holder keeps later shared ones out, so neither side starves. Used so
 * that chunks of one upload are written side by side while its merge (which moves the file they
 * are written into) runs alone.
 */
export class KeyedGate {
  private readonly states = new Map<string, GateState>();

  shared<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.hold(key, false, task);
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.hold(key, true, task);
  }

  /** Keys held or waited for (for tests and diagnostics). */
  get size(): number {
    return this.states.size;
  }

  private async hold<T>(key: string, exclusive: boolean, task: () => Promise<T>): Promise<T> {
    let state = this.states.get(key);
    if (!state) {
      state = { shared: 0, exclusive: false, waiting: [] };
      this.states.set(key, state);
    }
    const held = state;
    if (held.waiting.length === 0 && canEnter(held, exclusive)) {
      take(held, exclusive);
    } else {
      await new Promise<void>((enter) => {
        held.waiting.push({ exclusive, enter });
      });
    }
    try {
      return await task();
    } finally {
      if (exclusive) held.exclusive = false;
      else held.shared -= 1;
      this.admit(key, held);
    }
  }

  /** Lets in the waiters at the head of the line that can enter now. */
  private admit(key: string, state: GateState): void {
    for (let next = state.waiting[0]; next; next = state.waiting[0]) {
      if (!canEnter(state, next.exclusive)) break;
      state.waiting.shift();
      take(state, next.exclusive);
      next.enter();
    }
    if (state.shared === 0 && !state.exclusive && state.waiting.length === 0) {
      this.states.delete(key);
    }
  }
}

function canEnter(state: GateState, exclusive: boolean): boolean {
  return !state.exclusive && (!exclusive || state.shared === 0);
}

function take(state: GateState, exclusive: boolean): void {
  if (exclusive) state.exclusive = true;
  else state.shared += 1;
}
