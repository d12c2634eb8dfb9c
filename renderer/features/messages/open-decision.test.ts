import { describe, expect, it } from 'vitest';
import { parseExpiryContent, platformTimeToEpoch } from './expiry-content';
import { toDesktopMessages } from './message-wire';
import { openDecision } from './open-decision';

const here = 'https://school.example.cn/pages/base/pc_desktop_all/index.html#/desktop/home';
const now = Date.parse('2026-03-01T00:00:00+08:00');
const day = 86_400_000;

function message(url: string, openWay = 0, content = '') {
  return { url, openWay, content };
}

describe('openDecision (spec §4: a message opens by its openWay)', () => {
  it('opens an http(s) URL in a new window', () => {
    expect(openDecision(message('https://other.example.com/a?b=1'), here, now)).toEqual({
      kind: 'new-window',
      url: 'https://other.example.com/a?b=1',
    });
    expect(openDecision(message('HTTP://other.example.com/'), here, now).kind).toBe('new-window');
  });

  it('navigates to other URLs on this origin', () => {
    expect(openDecision(message('/pages/oa/pc_oa_tm/index.html#/todo/9'), here, now)).toEqual({
      kind: 'navigate',
      url: 'https://school.example.cn/pages/oa/pc_oa_tm/index.html#/todo/9',
    });
    expect(openDecision(message('#/desktop/setting'), here, now)).toEqual({
      kind: 'navigate',
      url: 'https://school.example.cn/pages/base/pc_desktop_all/index.html#/desktop/setting',
    });
  });

  it('refuses scripts, other schemes and protocol-relative URLs to other hosts', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example.com/x',
      'mailto:a@b.c',
    ]) {
      expect(openDecision(message(url), here, now), url).toEqual({ kind: 'none' });
    }
  });

  it('does nothing without a URL', () => {
    expect(openDecision(message(''), here, now)).toEqual({ kind: 'none' });
    expect(openDecision(message('   '), here, now)).toEqual({ kind: 'none' });
  });

  it('opens the expiry dialog for openWay 1 with the modules of content, whatever the url', () => {
    const content = JSON.stringify([
      { code: 'oa', name: '办公', endTime: '2026-02-01 23:59:59' },
      { code: 'edu', name: '教务', endTime: '2026-04-01 00:00:00', endTimestamp: now + 31 * day },
    ]);
    const decision = openDecision(message('https://x.example.com', 1, content), here, now);
    expect(decision.kind).toBe('expiry');
    if (decision.kind !== 'expiry') return;
    expect(decision.modules.map((item) => [item.code, item.dqstatus, item.statusText])).toEqual([
      ['oa', 3, 'Expired'],
      ['edu', 2, 'Soon to expire'],
    ]);
    expect(decision.modules[1]?.endTimestamp).toBe(now + 31 * day);
  });
});

describe('parseExpiryContent (defensive: the content is server text)', () => {
  it('reads platform times as China time (UTC+8)', () => {
    expect(platformTimeToEpoch('2026-03-01 00:00:00')).toBe(now);
    expect(platformTimeToEpoch('2026-03-01')).toBe(now);
    expect(platformTimeToEpoch('2026-03-01 08:30')).toBe(now + 8.5 * 3_600_000);
    expect(platformTimeToEpoch('next week')).toBeNaN();
  });

  it('answers an empty list for anything that is not a JSON list', () => {
    for (const content of ['', 'not json', '{"code":"oa"}', 'null', '42', '"[]"']) {
      expect(parseExpiryContent(content, now), content).toEqual([]);
    }
  });

  it('drops entries without a code or a readable end time, and names nameless ones by code', () => {
    const content = JSON.stringify([
      null,
      'oa',
      [1, 2],
      { name: 'no code', endTime: '2027-01-01 00:00:00' },
      { code: 'bad', endTime: 'soon' },
      { code: 'ok', endTime: '2027-01-01 00:00:00' },
      { code: 'epoch', name: 'Epoch', endTime: now + 200 * day },
    ]);
    const modules = parseExpiryContent(content, now);
    expect(modules.map((item) => [item.code, item.name, item.dqstatus])).toEqual([
      ['ok', 'ok', 1],
      ['epoch', 'Epoch', 1],
    ]);
    expect(modules[1]?.endTime).toBe('');
  });

  it('recomputes a stale status for now', () => {
    const content = JSON.stringify([
      { code: 'oa', name: 'OA', endTime: '2026-02-01 00:00:00', dqstatus: 1, statusText: 'x' },
    ]);
    expect(parseExpiryContent(content, now)[0]).toMatchObject({
      dqstatus: 3,
      statusText: 'Expired',
    });
  });
});

describe('toDesktopMessages (the unread list, read leniently)', () => {
  it('fills every field, accepts numbers for ids, and drops entries without an id', () => {
    expect(toDesktopMessages(null)).toEqual([]);
    expect(
      toDesktopMessages([
        { id: 7, messageMeno: 'Hi', importance: '4', openWay: 1, content: '[]' },
        { messageMeno: 'no id' },
        'junk',
      ]),
    ).toEqual([
      {
        id: '7',
        messageMeno: 'Hi',
        importance: 4,
        module: '',
        messageDate: '',
        url: '',
        openWay: 1,
        content: '[]',
      },
    ]);
  });
});
