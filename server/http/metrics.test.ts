import { readFileSync } from 'node:fs';
import type { Challenge } from 'altcha-lib';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API, STORAGE_API } from '../../contract/api-paths';
import { HEADER_PROOF_OF_WORK } from '../../contract/http-headers';
import { DEFAULT_OPTIONS } from '../config';
import { DEMO_CLIENT_ID } from '../db/seed-data';
import { bytes, md5Of, postMultipart } from '../storage/upload-test-helpers';
import { solveProof } from '../testing/proof-of-work';
import { createTestApp, login, signIn, type TestApp } from '../testing/test-app';
import { METRICS_PATH } from './metrics';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** A sample's value in Prometheus text, 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** The metric families the text declares (`# TYPE name kind`). */
function families(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, kind] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (name !== undefined && kind !== undefined) found.set(name, kind);
  }
  return found;
}

describe('GET /metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function scrape(): Promise<string> {
    if (!t) throw new Error('no app');
    const response = await t.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  }

  it('answers 404 when no token is configured', async () => {
    t = await createTestApp();
    const metrics = await t.app.inject({ url: METRICS_PATH });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.body).not.toContain('edudesk_');
    const withToken = await t.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(404);
    expect(withToken.body).toBe(metrics.body);
  });

  it('answers 401 without the token, with a wrong one or another scheme', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const answers: LightMyRequestResponse[] = [];
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await t.app.inject({
        url: METRICS_PATH,
        headers: authorization === undefined ? {} : { authorization },
      });
      answers.push(response);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('edudesk_');
    }
    expect(answers).toHaveLength(6);
  });

  it('counts sign-ins by outcome, requests by route pattern, locks and upload bytes', async () => {
    t = await createTestApp({
      metricsToken: TOKEN,
      throttle: { ...DEFAULT_OPTIONS.throttle, maxFailures: 2 },
    });
    const before = await scrape();
    const success = 'edudesk_sign_ins_total{method="password",outcome="success"}';
    const failure = 'edudesk_sign_ins_total{method="password",outcome="failure"}';
    const locked = 'edudesk_sign_ins_total{method="password",outcome="locked"}';
    expect(families(before).get('edudesk_sign_ins_total')).toBe('counter');
    expect(sample(before, 'edudesk_sign_in_locks')).toBe(0);
    expect(sample(before, 'edudesk_password_hash_queue')).toBe(0);

    const session = await signIn(t.app, 'teacher01');
    expect(
      (await login(t.app, { username: 'teacher02', password: 'wrong-1' })).json(),
    ).toMatchObject({ code: 'invalid_grant' });
    const afterSignIns = await scrape();
    expect(sample(afterSignIns, success)).toBe(sample(before, success) + 1);
    expect(sample(afterSignIns, failure)).toBe(sample(before, failure) + 1);
    const loginSeries =
      'edudesk_http_requests_total{method="POST",route="/api/uaa/oauth/login",status="200"}';
    expect(sample(afterSignIns, loginSeries)).toBe(2);
    expect(
      sample(
        afterSignIns,
        'edudesk_http_request_duration_seconds_count{method="POST",route="/api/uaa/oauth/login"}',
      ),
    ).toBe(2);

    // The second failure locks teacher02; the next attempt is refused by the lock.
    await login(t.app, { username: 'teacher02', password: 'wrong-2' });
    await login(t.app, { username: 'teacher02', password: 'wrong-3' });
    // A URL with a query and an unknown path: only patterns become labels.
    await t.app.inject({
      url: `/api/uaa/oauth/me?accessToken=${session.accessToken}`,
      headers: { cookie: session.cookie, host: session.host },
    });
    await t.app.inject({ url: '/api/no-such-call-7f3a' });
    const data = bytes(3000, 5);
    const upload = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { uid: '1700000000000', md5: md5Of(data), serverid: 'base' },
      { name: 'notes.docx', data },
      session.cookie,
    );
    expect(upload.statusCode, upload.body).toBe(200);

    const after = await scrape();
    expect(sample(after, locked)).toBe(sample(before, locked) + 1);
    expect(sample(after, 'edudesk_sign_in_locks')).toBe(1);
    expect(
      sample(
        after,
        'edudesk_http_requests_total{method="GET",route="/api/uaa/oauth/me",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(after, 'edudesk_http_requests_total{method="GET",route="(unmatched)",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('no-such-call-7f3a');
    expect(after).not.toContain(session.accessToken);
    expect(sample(after, 'edudesk_upload_received_bytes_total')).toBeGreaterThan(3000);
  });

  it('counts proofs of work asked and solved, and device-id sign-ins', async () => {
    t = await createTestApp({
      metricsToken: TOKEN,
      throttle: { ...DEFAULT_OPTIONS.throttle, maxFailuresPerAddress: 1 },
    });
    const school = '10.5.0.1';
    await login(t.app, { username: 'teacher02', password: 'wrong-1' }, school);
    const asked = await login(t.app, { username: 'staff01' }, school);
    expect(asked.json()).toMatchObject({ status: 428 });
    const { challenge } = asked.json<{ data: { challenge: Challenge } }>().data;
    const headers = { [HEADER_PROOF_OF_WORK]: await solveProof(challenge) };
    const solved = await login(t.app, { username: 'staff01', headers }, school);
    expect(solved.json()).toMatchObject({ status: 200 });
    for (const userClientId of [DEMO_CLIENT_ID, 'no-such-client-id-0000']) {
      await t.app.inject({
        method: 'POST',
        url: API.loginUserClient,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ userClientId }).toString(),
        remoteAddress: '10.6.0.1',
      });
    }

    const text = await scrape();
    expect(sample(text, 'edudesk_proof_of_work_challenges_total')).toBe(1);
    expect(sample(text, 'edudesk_proof_of_work_solved_total')).toBe(1);
    const signIns = (method: string, outcome: string) =>
      sample(text, `edudesk_sign_ins_total{method="${method}",outcome="${outcome}"}`);
    expect(signIns('password', 'challenge')).toBe(1);
    expect(signIns('password', 'success')).toBe(1);
    expect(signIns('client', 'success')).toBe(1);
    expect(signIns('client', 'failure')).toBe(1);
  });

  it('reports the database pool (0 on SQLite, which has none) and the process memory', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    await signIn(t.app, 'teacher01');
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const name of ['edudesk_db_pool_in_use', 'edudesk_db_pool_waiting']) {
      expect(families(text).get(name)).toBe('gauge');
      // On PostgreSQL the scrape's own lock count may be using (or opening) a connection.
      const value = sample(text, name);
      if (t.options.databaseUrl === undefined) expect(value, name).toBe(0);
      else expect(value, name).toBeLessThanOrEqual(1);
    }
  });

  it('exports every metric the Grafana dashboard in docs/ draws', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const exported = families(await scrape());
    const dashboard = JSON.parse(
      readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        for (const name of target.expr.match(/\b(?:edudesk|process|nodejs)_[a-z0-9_]+/g) ?? []) {
          used.add(name);
        }
      }
    }
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) {
      const family = name.replace(/_(bucket|sum|count)$/, '');
      const known = exported.has(name) || (exported.get(family) === 'histogram' && family !== name);
      expect(known, name).toBe(true);
    }
  });
});
