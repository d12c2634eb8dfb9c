import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, bodyOf, listenOnLoopback, rawRequest } from '../testing/raw-http';
import { createTestApp, type TestApp } from '../testing/test-app';

function headOf(answer: string): string {
  return answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
}

function get(path: string, hostLines: string[]): string {
  return [`GET ${path} HTTP/1.1`, ...hostLines, 'Connection: close', '', ''].join('\r\n');
}

describe('a request with more than one Host header (RFC 9112 §3.2)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 with the envelope on the API, whichever unit each host names', async () => {
    const twice = [
      ['Host: area.localhost', 'Host: localhost'],
      ['Host: localhost', 'Host: area.localhost'],
      ['Host: localhost', 'host: localhost'],
      ['HOST: localhost', 'Host: localhost', 'Host: area.localhost'],
    ];
    for (const hosts of twice) {
      const answer = await rawRequest(port, get('/api/storage/show/unit/1001', hosts));
      expect(answer, hosts.join(', ')).toMatch(/^HTTP\/1\.1 400 /);
      expect(headOf(answer)).toContain('content-type: application/json');
      expect(headOf(answer)).toContain('cache-control: no-store');
      expect(JSON.parse(bodyOf(answer))).toEqual(BAD_REQUEST);
    }
  });

  it('answers 400 with the small page outside the API', async () => {
    const answer = await rawRequest(
      port,
      get('/common/icons/tzgg.svg', ['Host: localhost', 'Host: area.localhost']),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(headOf(answer)).toContain('content-type: text/html');
    expect(bodyOf(answer)).not.toContain('<svg');
  });

  it('still answers a request with one Host header', async () => {
    const answer = await rawRequest(port, get('/api/storage/show/unit/1001', ['Host: localhost']));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(headOf(answer)).toContain('content-type: image/svg+xml');
    const page = await t.app.inject({ url: '/common/icons/tzgg.svg' });
    expect(page.statusCode).toBe(200);
  });
});
