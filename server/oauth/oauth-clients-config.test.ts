import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEMO_PORTAL_SECRET,
  DEMO_APP_CLIENT_ID,
  DEMO_PORTAL_CLIENT_ID,
  loadClientRegistrations,
  parseClientsFile,
} from './oauth-clients-config';

describe('registered clients', () => {
  it('seeds the two demo clients', () => {
    const clients = loadClientRegistrations({}, 'http://localhost:8080');
    expect(clients.map((client) => client.clientId)).toEqual([
      DEMO_APP_CLIENT_ID,
      DEMO_PORTAL_CLIENT_ID,
    ]);
    expect(clients[0]).toMatchObject({
      secret: undefined,
      redirectUris: ['http://127.0.0.1/callback'],
      scope: 'profile',
    });
    expect(clients[1]).toMatchObject({
      secret: DEFAULT_DEMO_PORTAL_SECRET,
      redirectUris: ['http://localhost:8080/demo/partner/callback'],
    });
  });

  it('takes the demo portal secret from EDUDESK_DEMO_PORTAL_SECRET', () => {
    const secret = 'a-long-random-secret-of-the-operator';
    const clients = loadClientRegistrations(
      { EDUDESK_DEMO_PORTAL_SECRET: secret },
      'http://localhost:8080',
    );
    expect(clients[1]?.secret).toBe(secret);
    expect(() =>
      loadClientRegistrations({ EDUDESK_DEMO_PORTAL_SECRET: 'short' }, 'http://localhost:8080'),
    ).toThrow(/at least 24/);
  });

  it('adds the operator file, which may replace a demo client', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-oauth-'));
    const file = path.join(dir, 'clients.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          clientId: 'library',
          name: '图书馆|||Library',
          clientSecret: 'x'.repeat(32),
          redirectUris: ['https://library.example.org/cb'],
        },
        { clientId: DEMO_APP_CLIENT_ID, name: 'Mine', redirectUris: ['http://127.0.0.1/cb'] },
      ]),
    );
    try {
      const clients = loadClientRegistrations(
        { EDUDESK_OAUTH_CLIENTS_FILE: file },
        'http://localhost:8080',
      );
      expect(clients.map((client) => client.clientId)).toEqual([
        DEMO_APP_CLIENT_ID,
        DEMO_PORTAL_CLIENT_ID,
        'library',
      ]);
      expect(clients[0]?.name).toBe('Mine');
      expect(clients[2]).toMatchObject({ scope: 'profile', logoUri: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['not a list', '{}', /JSON list/],
    [
      'a bad id',
      '[{"clientId":"a b","name":"x","redirectUris":["https://a.example/cb"]}]',
      /clientId/,
    ],
    ['no redirect URI', '[{"clientId":"a","name":"x","redirectUris":[]}]', /redirectUris/],
    ['plain http', '[{"clientId":"a","name":"x","redirectUris":["http://a.example/cb"]}]', /https/],
    [
      'a short secret',
      '[{"clientId":"a","name":"x","clientSecret":"s","redirectUris":["https://a.example/cb"]}]',
      /clientSecret/,
    ],
    [
      'a foreign logo',
      '[{"clientId":"a","name":"x","logoUri":"https://cdn.example/l.png","redirectUris":["https://a.example/cb"]}]',
      /logoUri/,
    ],
  ])('refuses a file with %s', (_name, text, message) => {
    expect(() => parseClientsFile(text, 'clients.json')).toThrow(message);
  });
});
