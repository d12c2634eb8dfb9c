import { describe, expect, it } from 'vitest';
import {
  createRegQueryReader,
  parseRegQuery,
  POLICY_KEY,
  RECOMMENDED_KEY,
} from './registry-reader';

const OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\EduDesk',
  '    ServerUrl    REG_SZ    https://school.example.edu',
  '    DisableAutoLogin    REG_DWORD    0x1',
  '    DisableThemeButton    REG_DWORD    0x0',
  '    ClientId    REG_SZ    ',
  '    Display Name    REG_EXPAND_SZ    %ProgramData%\\EduDesk  x',
  '',
].join('\r\n');

describe('parseRegQuery', () => {
  it('reads every value line with its type and data', () => {
    const values = parseRegQuery(OUTPUT);
    expect([...values.keys()]).toEqual([
      'ServerUrl',
      'DisableAutoLogin',
      'DisableThemeButton',
      'ClientId',
      'Display Name',
    ]);
    expect(values.get('ServerUrl')).toEqual({
      type: 'REG_SZ',
      data: 'https://school.example.edu',
    });
    expect(values.get('DisableAutoLogin')).toEqual({ type: 'REG_DWORD', data: '0x1' });
    expect(values.get('ClientId')).toEqual({ type: 'REG_SZ', data: '' });
    expect(values.get('Display Name')?.data).toBe('%ProgramData%\\EduDesk  x');
  });

  it('finds nothing in an empty answer or the error text', () => {
    expect(parseRegQuery('').size).toBe(0);
    expect(
      parseRegQuery('ERROR: The system was unable to find the specified registry key or value.')
        .size,
    ).toBe(0);
  });
});

describe('createRegQueryReader', () => {
  it('runs the system reg.exe by full path on the policy key of the hive', async () => {
    const calls: { file: string; args: string[] }[] = [];
    const reader = createRegQueryReader('D:\\Win', (file, args, callback) => {
      calls.push({ file, args });
      callback(null, OUTPUT);
    });
    const values = await reader('HKCU');
    expect(calls).toEqual([
      { file: 'D:\\Win\\System32\\reg.exe', args: ['query', `HKCU\\${POLICY_KEY}`] },
    ]);
    expect(values.get('ServerUrl')?.data).toBe('https://school.example.edu');
  });

  it('reads the Recommended key when asked', async () => {
    const calls: string[][] = [];
    const reader = createRegQueryReader('C:\\Windows', (_file, args, callback) => {
      calls.push(args);
      callback(null, '');
    });
    await reader('HKLM', RECOMMENDED_KEY);
    expect(calls).toEqual([['query', 'HKLM\\Software\\Policies\\EduDesk\\Recommended']]);
  });

  it('answers no values when the key does not exist (reg.exe fails)', async () => {
    const reader = createRegQueryReader('C:\\Windows', (_file, _args, callback) => {
      callback(new Error('exit 1'), '');
    });
    expect((await reader('HKLM')).size).toBe(0);
  });
});
