import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiEnvelope } from '../../contract/envelope';
import { hostOfCookie, signIn } from '../testing/test-app';

/** Shared by the desktop calls' tests (never imported by production code). */

export interface Answer<T> {
  statusCode: number;
  body: ApiEnvelope<T>;
  response: LightMyRequestResponse;
}

function answer<T>(response: LightMyRequestResponse): Answer<T> {
  return { statusCode: response.statusCode, body: response.json<ApiEnvelope<T>>(), response };
}

/** The cookie and the Host of its session (a session counts only on its unit's host). */
function sessionHeaders(cookie: string | undefined): Record<string, string> {
  if (cookie === undefined) return {};
  const host = hostOfCookie(cookie);
  return host === undefined ? { cookie } : { cookie, host };
}

/** A signed-in demo user's Cookie header, by login name. */
export async function cookiesOf(
  app: FastifyInstance,
  names: readonly string[],
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    names.map(async (name) => [name, (await signIn(app, name)).cookie] as const),
  );
  return Object.fromEntries(entries);
}

export async function getJson<T = unknown>(
  app: FastifyInstance,
  cookie: string | undefined,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return answer<T>(await app.inject({ url, headers: { ...sessionHeaders(cookie), ...headers } }));
}

/** A form-encoded POST, as the platform client sends by default (spec §7). */
export async function postForm<T = unknown>(
  app: FastifyInstance,
  cookie: string | undefined,
  url: string,
  fields: Record<string, string | readonly string[]> = {},
): Promise<Answer<T>> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) body.append(key, item);
  }
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    ...sessionHeaders(cookie),
  };
  return answer<T>(await app.inject({ method: 'POST', url, headers, payload: body.toString() }));
}

/** A JSON POST (the client's post-json). */
export async function postJson<T = unknown>(
  app: FastifyInstance,
  cookie: string | undefined,
  url: string,
  payload: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...sessionHeaders(cookie),
  };
  return answer<T>(
    await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) }),
  );
}

/** The refusal every desktop call answers on someone else's data (HTTP 200, status 403). */
export function expectRefusal(result: Answer<unknown>): void {
  expect(result.statusCode).toBe(200);
  expect(result.body).toMatchObject({ status: 403, code: 'forbidden', data: null });
  expect(result.body.message).toMatch(/^[^|]+\|\|\|[A-Za-z].+$/);
}

/** A 400 envelope naming the broken field(s). */
export function expectInvalid(result: Answer<unknown>, field: string): void {
  expect(result.statusCode).toBe(400);
  expect(result.body).toMatchObject({ status: 400, code: 'invalid_request' });
  expect(result.body.fieldErrors.map((error) => error.field)).toContain(field);
}
