import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { formFieldsOver, jsonValuesOver, MAX_BODY_VALUES } from './body-parsers';

/**
 * Every request body is validated by a closed schema (server/app.ts): unknown keys are refused
 * and every array is bounded, so no body a route accepts is larger than its schema says, and
 * nothing after validation walks an unbounded value (server/http/unstorable-values.ts).
 */
type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The places in a schema that leave a body open: objects without additionalProperties: false, arrays without maxItems. */
function openings(schema: unknown, at: string, into: string[]): string[] {
  if (!isSchema(schema)) return into;
  if (schema.type === 'object' || isSchema(schema.properties)) {
    // Closed, or (a call that carries the caller's own extra data) bounded in count and kind.
    const extra = schema.additionalProperties;
    const bounded = isSchema(extra) && typeof schema.maxProperties === 'number';
    if (extra !== false && !bounded) into.push(`${at}: unknown keys allowed`);
    if (isSchema(schema.properties)) {
      for (const [key, child] of Object.entries(schema.properties)) {
        openings(child, `${at}.${key}`, into);
      }
    }
  }
  if (schema.type === 'array' || schema.items !== undefined) {
    if (typeof schema.maxItems !== 'number') into.push(`${at}: array without maxItems`);
    openings(schema.items, `${at}[]`, into);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const members = schema[keyword];
    if (Array.isArray(members)) {
      members.forEach((member, index) => openings(member, `${at}|${String(index)}`, into));
    }
  }
  return into;
}

describe('request body schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuse unknown keys and bound every array, on every route', () => {
    const found: string[] = [];
    for (const route of t.app.routeCatalogue) {
      const body = route.schema?.body;
      if (body !== undefined) openings(body, `${route.method} ${route.url}`, found);
    }
    expect(found).toEqual([]);
  });

  it('answer an unknown key with a field error, before any handler runs', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/login',
      payload: { username: 'teacher01', password: 'x', a: [0, 0, 0] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
    expect(
      response.json<{ fieldErrors: { field: string; message: string }[] }>().fieldErrors,
    ).toContainEqual({
      field: 'a',
      message: '不接受参数 a|||a is not a field of this call',
    });
  });
});

describe('bodies of many values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are refused before they are parsed, JSON and forms alike', async () => {
    const array = `{"faceImage":"AAAA","a":[${new Array(MAX_BODY_VALUES).fill('0').join(',')}]}`;
    const form = Array.from({ length: MAX_BODY_VALUES + 1 }, (_, i) => `k${String(i)}=1`).join('&');
    for (const [type, payload] of [
      ['application/json', array],
      ['application/x-www-form-urlencoded', form],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uaa/oauth/login/face',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'too_many_values',
        message: '请求内容包含的数据项过多|||The request body holds too many values',
      });
    }
  });

  it('are counted outside strings only', () => {
    const manyInAString = JSON.stringify({ faceImage: `${'A,'.repeat(50_000)}\\"[{:` });
    expect(jsonValuesOver(manyInAString, 10)).toBe(false);
    // Seven: { : , : [ , , (the backslashes before the quote escape each other).
    expect(jsonValuesOver('{"a":"x\\\\","b":[1,2,3]}', 6)).toBe(true);
    expect(jsonValuesOver('{"a":"x\\\\","b":[1,2,3]}', 7)).toBe(false);
    expect(formFieldsOver('a=1&b=2&c=3', 3)).toBe(false);
    expect(formFieldsOver('a=1&b=2&c=3&d=4', 3)).toBe(true);
  });
});
