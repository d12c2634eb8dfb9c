/** The types of ./items.mjs, for the application's TypeScript test. */
export interface Item {
  id: number;
  title: string;
  owner: string;
  due: string;
}

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  code: string;
  fieldErrors: { field: string; message: string }[];
}

export function envelope<T>(status: number, data: T, message?: string, code?: string): Envelope<T>;

export interface Items {
  page(unitId: number, start: unknown, size: unknown): { list: Item[]; total: number };
  add(unitId: number, owner: string, input: unknown): { item: Item } | { error: string };
}

export function createItems(seed?: (Item & { unitId: number })[]): Items;
