import { describe, expect, it } from 'vitest';
import type { PackageInfo } from '../../../contract/desktop';
import type { ServerVersionResult } from './api';
import { versionCheckOutcome, versionNotes } from './version-check';

const pkg = (appVersion: string, serverVersion: string): PackageInfo => ({
  name: 'base',
  appVersion,
  serverVersion,
  packageDate: '2026-02-01',
});
const server = (serverVersion: string, webCodeVersion: string): ServerVersionResult => ({
  kind: 'ok',
  info: { serverVersion, webCodeVersion, date: '2026-02-02' },
});

describe('versionCheckOutcome (spec §4 version check, §8 alerts)', () => {
  it('is ok when each side is at least what the other needs', () => {
    expect(versionCheckOutcome(pkg('1.2.0', '2.0.0'), server('2.0.0', '1.2.0'))).toEqual({
      kind: 'ok',
    });
    expect(versionCheckOutcome(pkg('1.10.0', '2.0.9'), server('2.0.10', '1.9.0'))).toEqual({
      kind: 'ok',
    });
  });

  it('alerts that the front end depends on a newer server (segments padded to 4 digits)', () => {
    expect(versionCheckOutcome(pkg('1.2.0', '2.0.10'), server('2.0.9', '1.0.0'))).toEqual({
      kind: 'server-too-old',
      required: '2.0.10',
      current: '2.0.9',
    });
  });

  it('alerts that the back end depends on a newer front end', () => {
    expect(versionCheckOutcome(pkg('1.9.0', '2.0.0'), server('2.0.0', '1.10.0'))).toEqual({
      kind: 'front-end-too-old',
      required: '1.10.0',
      current: '1.9.0',
    });
  });

  it('reports a missing version interface, and stays quiet when nothing can be compared', () => {
    expect(versionCheckOutcome(pkg('1.0.0', '1.0.0'), { kind: 'missing' })).toEqual({
      kind: 'missing-interface',
    });
    expect(versionCheckOutcome(null, { kind: 'missing' }).kind).toBe('missing-interface');
    expect(versionCheckOutcome(pkg('1.0.0', '1.0.0'), { kind: 'error' }).kind).toBe('unavailable');
    expect(versionCheckOutcome(null, server('1.0.0', '1.0.0')).kind).toBe('unavailable');
  });

  it('does not alert when a side names no minimum', () => {
    expect(versionCheckOutcome(pkg('1.0.0', ''), server('0.1.0', '')).kind).toBe('ok');
  });
});

describe('versionNotes', () => {
  const entry = {
    version: '1.2.0',
    date: '2026-02-01',
    metto: [
      { cn: '新增消息中心', en: 'Message centre' },
      { cn: '修复登录问题', en: '' },
      { cn: '', en: '' },
    ],
  };

  it('gives the notes in the user language, the other one when a note lacks it', () => {
    expect(versionNotes(entry, 'en')).toEqual(['Message centre', '修复登录问题']);
    expect(versionNotes(entry, 'zh-CN')).toEqual(['新增消息中心', '修复登录问题']);
    expect(versionNotes(entry, 'zh-HK')).toEqual(['新增消息中心', '修复登录问题']);
  });
});
