import { describe, expect, it } from 'vitest';
import { REDACTED, redactFields, redactText } from './redact';

describe('redactText', () => {
  it.each([
    ['password=hunter2 next', 'password=[redacted] next'],
    ['login failed: {"username":"t01","password":"Edu@2026"}', '"password":"[redacted]"'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [redacted]'],
    ['sent Bearer abc.def-ghi to the server', 'sent Bearer [redacted] to the server'],
    ['Proxy-Authorization: Basic dXNlcjpzZWNyZXQ=', 'Proxy-Authorization: [redacted]'],
    ['Set-Cookie: SESSION=abc123; Path=/; HttpOnly', 'Set-Cookie: [redacted]'],
    ['Cookie: a=1; b=2', 'Cookie: [redacted]'],
    [
      'Cannot load https://h.example/x?redUrl=%2F&accessToken=s3cr3t&unitId=7',
      'https://h.example/x?redUrl=%2F&accessToken=[redacted]&unitId=7',
    ],
    ['https://h.example/cb?access_token=s3cr3t#x', 'access_token=[redacted]#x'],
    ['https://h.example/cb?code=s3cr3t&state=1', 'code=[redacted]&state=1'],
    ['http://user:s3cr3t@proxy.example:8080/', 'http://[redacted]@proxy.example:8080/'],
    ['NTLM TlRMTVNTUAABAAAAB4IIog== sent', 'NTLM [redacted] sent'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here', 'jwt [redacted] here'],
    ["client_secret: 'abc def'", "client_secret: '[redacted]'"],
  ])('%s', (input, expected) => {
    const output = redactText(input);
    expect(output).toContain(expected);
    expect(output).not.toMatch(/hunter2|Edu@2026|abc\.def|dXNlcjpzZWNyZXQ|abc123|s3cr3t|eyJ/);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Cannot load https://school.example.edu/home: ERR_FAILED (-2), scheme basic',
      'Basic authentication is required; the token was refused',
      'Proxy sign-in with saved credentials',
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });
});

describe('redactFields', () => {
  it('hides secret-named members at any depth and redacts texts and errors', () => {
    const error = new Error('refused password=hunter2');
    const fields = redactFields({
      host: 'proxy.example:8080',
      password: 'hunter2',
      nested: { accessToken: 'tok', list: [{ cookie: 'c=1' }, 'Bearer tok2'] },
      error,
    });
    expect(fields).toMatchObject({
      host: 'proxy.example:8080',
      password: REDACTED,
      nested: { accessToken: REDACTED, list: [{ cookie: REDACTED }, `Bearer ${REDACTED}`] },
      error: { name: 'Error', message: `refused password=${REDACTED}` },
    });
    expect(JSON.stringify(fields)).not.toMatch(/hunter2|tok2|"tok"|c=1/);
  });

  it('cuts cycles instead of looping', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(JSON.stringify(redactFields(cyclic))).toContain('[too deep]');
  });
});
