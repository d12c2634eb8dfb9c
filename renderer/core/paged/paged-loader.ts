import type { ApiEnvelope } from '../../../contract/envelope';
import {
  DEFAULT_PAGE_SIZE,
  pageApiProblem,
  pageOutcome,
  pageRequest,
  readPagedData,
  type PageApi,
} from './page-api';

/** How a page is fetched; the signal aborts it when a newer call starts. */
export type PageFetcher = (call: {
  method: string;
  url: string;
  params: Record<string, unknown>;
  signal: AbortSignal;
}) => Promise<ApiEnvelope>;

export interface PagedListState<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
}

/**
 * The paged container's loading rules (spec §4, §7), without React: each call aborts the one
 * before through its signal, and only the latest call's answer is ever shown (a late answer of
 * an earlier call is dropped even when its request ignored the signal). A failure empties the
 * list (total 0, page 1); an empty page beyond the first steps back one page and reloads.
 */
export class PagedLoader<T> {
  private state: PagedListState<T>;
  private latest = 0;
  private controller: AbortController | null = null;
  private api: PageApi | null | undefined = null;
  private fetch: PageFetcher;
  private paged = true;

  constructor(
    private readonly onChange: (state: PagedListState<T>) => void,
    fetch: PageFetcher,
    size = DEFAULT_PAGE_SIZE,
  ) {
    this.fetch = fetch;
    this.state = { list: [], total: 0, page: 1, size, loading: false };
  }

  get current(): PagedListState<T> {
    return this.state;
  }

  configure(api: PageApi | null | undefined, fetch: PageFetcher, paged: boolean): void {
    this.api = api;
    this.fetch = fetch;
    this.paged = paged;
  }

  private set(part: Partial<PagedListState<T>>): void {
    this.state = { ...this.state, ...part };
    this.onChange(this.state);
  }

  /** Loads a page (and size): the current ones when not given. */
  load(page = this.state.page, size = this.state.size): void {
    const api = this.api;
    if (!api || pageApiProblem(api)) {
      this.cancel();
      this.set({ list: [], total: 0, page: 1, loading: false });
      return;
    }
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.latest += 1;
    const call = this.latest;
    this.set({ page, size, loading: true });
    const settle = (data: unknown) => {
      if (call !== this.latest) return;
      this.controller = null;
      const outcome = pageOutcome<T>(page, readPagedData<T>(data));
      if (outcome.kind === 'step-back') {
        this.load(outcome.page, size);
        return;
      }
      this.set({ list: outcome.list, total: outcome.total, page: outcome.page, loading: false });
    };
    this.fetch({ ...pageRequest(api, page, size, this.paged), signal: controller.signal }).then(
      (answer) => {
        settle(answer.status === 200 ? answer.data : null);
      },
      () => {
        settle(null);
      },
    );
  }

  /** Drops whatever is under way: nothing arrives after this (unmount). */
  cancel(): void {
    this.latest += 1;
    this.controller?.abort();
    this.controller = null;
  }
}
