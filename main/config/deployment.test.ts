import { describe, expect, it } from 'vitest';
import { resolveDeployment } from './deployment';

const NO_FLAGS = {
  disableAutoLogin: false,
  disableThemeButton: false,
  disableLanguageButton: false,
};

describe('resolveDeployment: the server URL', () => {
  it('takes the policy first, then config.json, then the user choice', () => {
    const all = {
      policy: { serverUrl: 'https://policy.example.edu' },
      config: { serverUrl: 'https://config.example.edu' },
      userChoice: 'https://user.example.edu',
    };
    expect(resolveDeployment(all).server).toEqual({
      origin: 'https://policy.example.edu',
      url: 'https://policy.example.edu/',
      source: 'policy',
    });
    expect(resolveDeployment({ ...all, policy: {} }).server?.source).toBe('config');
    expect(resolveDeployment({ ...all, policy: {}, config: {} }).server).toEqual({
      origin: 'https://user.example.edu',
      url: 'https://user.example.edu/',
      source: 'user',
    });
    expect(resolveDeployment({ policy: {}, config: {} }).server).toBeNull();
  });

  it('locks the server when an administrator set it, not when the user chose it', () => {
    expect(resolveDeployment({ policy: { serverUrl: 'https://a' }, config: {} }).serverLocked).toBe(
      true,
    );
    expect(resolveDeployment({ policy: {}, config: { serverUrl: 'https://a' } }).serverLocked).toBe(
      true,
    );
    expect(
      resolveDeployment({ policy: {}, config: {}, userChoice: 'https://a' }).serverLocked,
    ).toBe(false);
  });

  it("allows an administrator's plain-http intranet server, not the user's", () => {
    expect(
      resolveDeployment({ policy: { serverUrl: 'http://intranet.school' }, config: {} }).server
        ?.origin,
    ).toBe('http://intranet.school');
    expect(
      resolveDeployment({ policy: {}, config: {}, userChoice: 'http://intranet.school' }).server,
    ).toBeNull();
  });

  it('reports an invalid policy URL and falls through to the next source', () => {
    const warnings: string[] = [];
    const deployment = resolveDeployment(
      {
        policy: { serverUrl: 'ftp://policy.example.edu' },
        config: { serverUrl: 'not a url' },
        userChoice: 'https://user.example.edu',
      },
      (message) => warnings.push(message),
    );
    expect(deployment.server?.source).toBe('user');
    expect(deployment.serverLocked).toBe(false);
    expect(warnings).toHaveLength(2);
  });
});

describe('resolveDeployment: flags and client id', () => {
  it('defaults every flag to false', () => {
    expect(resolveDeployment({ policy: {}, config: {} }).flags).toEqual(NO_FLAGS);
  });

  it('takes each flag from the policy, else from config.json', () => {
    expect(
      resolveDeployment({
        policy: { disableAutoLogin: false, disableThemeButton: true },
        config: { disableAutoLogin: true, disableLanguageButton: true },
      }).flags,
    ).toEqual({ disableAutoLogin: false, disableThemeButton: true, disableLanguageButton: true });
  });

  it('takes the client id from the policy, else config.json, skipping invalid ones', () => {
    expect(
      resolveDeployment({ policy: { clientId: 'p-1' }, config: { clientId: 'c-1' } }).clientId,
    ).toBe('p-1');
    expect(
      resolveDeployment({ policy: { clientId: 'has space' }, config: { clientId: 'c-1' } })
        .clientId,
    ).toBe('c-1');
    expect(resolveDeployment({ policy: {}, config: {} }).clientId).toBeNull();
  });
});

describe('download, zoom and auto-login policies', () => {
  it('blocks dangerous downloads and sets no folder, zoom or age by default', () => {
    expect(resolveDeployment({ policy: {}, config: {} }).client).toEqual({
      downloadDirectory: null,
      blockDangerousDownloads: true,
      defaultZoom: null,
      autoLoginMaxDays: null,
    });
  });

  it('takes policy first, then config.json, field by field; 0 days means no limit', () => {
    expect(
      resolveDeployment({
        policy: { defaultZoom: 150, autoLoginMaxDays: 0 },
        config: {
          defaultZoom: 125,
          downloadDirectory: 'D:\\Class',
          blockDangerousDownloads: false,
        },
      }).client,
    ).toEqual({
      downloadDirectory: 'D:\\Class',
      blockDangerousDownloads: false,
      defaultZoom: 150,
      autoLoginMaxDays: null,
    });
  });
});
