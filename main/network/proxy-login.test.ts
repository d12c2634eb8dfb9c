import { describe, expect, it } from 'vitest';
import { createFakeSafeStorage } from '../testing/fake-safe-storage';
import { createMemoryVaultStore, createVault } from '../vault/vault';
import {
  createProxyLogin,
  decideProxyLogin,
  isProxyCredentials,
  MAX_REFUSALS,
  proxyKey,
  type ProxyAnswer,
  type ProxyPrompt,
} from './proxy-login';

const AUTH = { host: 'Proxy.School.example', port: 8080, realm: 'School proxy' };
const KEY = 'proxy.school.example:8080';
const TYPED = { username: 'SCHOOL\\t01', password: 'Pr0xy-Secret!' };

describe('decideProxyLogin', () => {
  const base = { firstAttempt: true, refusals: 0, cancelled: false, hasSaved: false };
  it('uses saved credentials once, then asks', () => {
    expect(decideProxyLogin({ ...base, hasSaved: true })).toEqual({ kind: 'use-saved' });
    expect(decideProxyLogin(base)).toEqual({ kind: 'ask', failed: false });
    expect(decideProxyLogin({ ...base, firstAttempt: false, refusals: 1, hasSaved: true })).toEqual(
      { kind: 'ask', failed: true },
    );
  });

  it('never asks after Cancel nor past the refusal limit', () => {
    expect(decideProxyLogin({ ...base, cancelled: true, hasSaved: true })).toEqual({
      kind: 'cancel',
    });
    expect(decideProxyLogin({ ...base, firstAttempt: false, refusals: MAX_REFUSALS + 1 })).toEqual({
      kind: 'cancel',
    });
  });
});

describe('proxy keys and credentials', () => {
  it('keys a proxy by lowercase host and port', () => {
    expect(proxyKey(AUTH)).toBe(KEY);
    expect(proxyKey({ host: 'fe80::1', port: 3128 })).toBe('[fe80::1]:3128');
  });

  it('accepts only a user name and a password within limits, without control characters', () => {
    expect(isProxyCredentials(TYPED)).toBe(true);
    expect(isProxyCredentials({ username: '', password: 'x' })).toBe(false);
    expect(isProxyCredentials({ username: 'a\r\nb', password: 'x' })).toBe(false);
    expect(isProxyCredentials({ username: 'a', password: 'x'.repeat(1025) })).toBe(false);
    expect(isProxyCredentials({ username: 'a', password: 1 })).toBe(false);
  });
});

/** The controller with the real vault (memory store) and a dialog answering from a script. */
function setup(options: { answers?: ProxyAnswer[]; canSave?: boolean } = {}) {
  const vault = createVault({
    store: createMemoryVaultStore(),
    encryption: createFakeSafeStorage(),
    platform: 'win32',
  });
  const prompts: ProxyPrompt[] = [];
  const answers = [...(options.answers ?? [])];
  const logged: string[] = [];
  let release: (() => void) | null = null;
  const login = createProxyLogin({
    vault: {
      load: (key) => vault.loadProxyLogin(key),
      save: (key, credentials) => vault.saveProxyLogin(key, credentials),
      clear: (key) => vault.clearProxyLogin(key),
    },
    canSave: () => options.canSave ?? true,
    ask: (prompt) => {
      prompts.push(prompt);
      const answer = answers.shift() ?? null;
      return new Promise((resolve) => {
        release = () => {
          resolve(answer);
        };
        if (!holding) resolve(answer);
      });
    },
    log: {
      info: (msg) => logged.push(msg),
      warn: (msg) => logged.push(msg),
    },
  });
  let holding = false;
  const calls: string[][] = [];
  const request = (firstAttempt: boolean) =>
    login.handle(AUTH, firstAttempt, (...args: (string | undefined)[]) => {
      calls.push(args.filter((arg): arg is string => arg !== undefined));
    });
  return {
    vault,
    login,
    prompts,
    logged,
    calls,
    request,
    hold: () => {
      holding = true;
    },
    release: () => release?.(),
  };
}

describe('proxy sign-in', () => {
  it('asks, answers the proxy, and keeps the credentials when asked to', async () => {
    const { vault, prompts, calls, request } = setup({ answers: [{ ...TYPED, remember: true }] });
    await request(true);
    expect(prompts).toEqual([
      { proxy: KEY, realm: 'School proxy', username: '', failed: false, canSave: true },
    ]);
    expect(calls).toEqual([[TYPED.username, TYPED.password]]);
    expect(await vault.loadProxyLogin(KEY)).toEqual(TYPED);
  });

  it('uses the saved credentials without asking, and asks once they are refused', async () => {
    const { vault, prompts, calls, request } = setup({ answers: [{ ...TYPED, remember: false }] });
    await vault.saveProxyLogin(KEY, { username: 'old', password: 'old-pass' });
    await request(true);
    expect(prompts).toHaveLength(0);
    expect(calls).toEqual([['old', 'old-pass']]);
    // The proxy refused them: the user is asked, told why, with the name shown again.
    await request(false);
    expect(prompts).toMatchObject([{ failed: true, username: 'old' }]);
    expect(calls[1]).toEqual([TYPED.username, TYPED.password]);
    // Not remembered this time: the refused ones are forgotten too.
    expect(await vault.loadProxyLogin(KEY)).toBeNull();
  });

  it('after Cancel answers with nothing and does not ask again until a navigation', async () => {
    const { login, prompts, calls, request } = setup({ answers: [null] });
    await request(true);
    await request(true);
    await request(false);
    expect(prompts).toHaveLength(1);
    expect(calls).toEqual([[], [], []]);
    login.reset();
    await request(true);
    expect(prompts).toHaveLength(2);
  });

  it('stops asking after repeated refusals', async () => {
    const answers = Array.from({ length: 10 }, () => ({ ...TYPED, remember: false }));
    const { prompts, calls, request } = setup({ answers });
    await request(true);
    for (let index = 0; index < 10; index += 1) await request(false);
    expect(prompts).toHaveLength(MAX_REFUSALS + 1);
    expect(calls.at(-1)).toEqual([]);
  });

  it('answers every request waiting for the same proxy with one dialog', async () => {
    const setupResult = setup({ answers: [{ ...TYPED, remember: false }] });
    setupResult.hold();
    const first = setupResult.request(true);
    const second = setupResult.request(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    setupResult.release();
    await Promise.all([first, second]);
    expect(setupResult.prompts).toHaveLength(1);
    expect(setupResult.calls).toEqual([
      [TYPED.username, TYPED.password],
      [TYPED.username, TYPED.password],
    ]);
  });

  it('with saving forbidden: no "remember" box, nothing kept, and old credentials deleted', async () => {
    const { vault, prompts, calls, request } = setup({
      canSave: false,
      answers: [{ ...TYPED, remember: true }],
    });
    await vault.saveProxyLogin(KEY, { username: 'old', password: 'old-pass' });
    await request(true);
    expect(prompts).toMatchObject([{ canSave: false, failed: false }]);
    expect(calls).toEqual([[TYPED.username, TYPED.password]]);
    expect(await vault.loadProxyLogin(KEY)).toBeNull();
  });

  it('treats a dialog answer that is not valid as Cancel', async () => {
    const { calls, request } = setup({
      answers: [{ username: '', password: 'x', remember: false }],
    });
    await request(true);
    expect(calls).toEqual([[]]);
  });
});
