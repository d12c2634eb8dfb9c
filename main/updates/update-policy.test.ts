import { describe, expect, it } from 'vitest';
import type { FeedInfo } from './update-feed';
import {
  decideUpdate,
  feedUrlOf,
  updatePolicyFrom,
  type DecisionInput,
  type UpdatePolicy,
} from './update-policy';

const FEED_URL = 'https://edu.example.org/client/updates/win/';
const AUTO: UpdatePolicy = { mode: 'auto', url: null, targetVersion: null };
const FEED: FeedInfo = { version: '1.2.0', files: ['EduDesk-Setup-1.2.0.exe'] };

function decide(overrides: Partial<DecisionInput> = {}) {
  return decideUpdate({
    kind: 'nsis',
    policy: AUTO,
    currentVersion: '1.1.0',
    feed: FEED,
    feedUrl: FEED_URL,
    stagingBucket: 50,
    ...overrides,
  });
}

describe('decideUpdate', () => {
  it('downloads a newer version for a per-user (NSIS) install in auto mode', () => {
    expect(decide()).toEqual({ action: 'download', version: '1.2.0' });
  });

  it('only tells for an MSI install: IT installs it', () => {
    expect(decide({ kind: 'msi' })).toEqual({ action: 'tell', version: '1.2.0', install: 'msi' });
  });

  it('tells a portable copy with the portable download beside the feed', () => {
    expect(decide({ kind: 'portable' })).toEqual({
      action: 'tell',
      version: '1.2.0',
      install: 'portable',
      downloadUrl: `${FEED_URL}EduDesk-Portable-1.2.0.exe`,
    });
  });

  it('in notify mode, tells an NSIS install with the installer to download', () => {
    expect(decide({ policy: { ...AUTO, mode: 'notify' } })).toEqual({
      action: 'tell',
      version: '1.2.0',
      install: 'portable',
      downloadUrl: `${FEED_URL}EduDesk-Setup-1.2.0.exe`,
    });
  });

  it('does nothing when off, unpackaged, up to date or offered an older version', () => {
    expect(decide({ policy: { ...AUTO, mode: 'off' } }).action).toBe('none');
    expect(decide({ kind: 'dev' }).action).toBe('none');
    expect(decide({ currentVersion: '1.2.0' }).action).toBe('none');
    expect(decide({ currentVersion: '2.0.0' }).action).toBe('none');
    expect(decide({ feed: { ...FEED, version: 'latest' } }).action).toBe('none');
  });

  it('orders pre-releases before their release', () => {
    expect(decide({ currentVersion: '1.2.0-beta.2' }).action).toBe('download');
    expect(
      decide({ currentVersion: '1.2.0', feed: { ...FEED, version: '1.2.0-rc.1' } }).action,
    ).toBe('none');
    expect(decide({ currentVersion: '1.1.9', feed: { ...FEED, version: '1.1.10' } }).action).toBe(
      'download',
    );
  });

  it('never goes past TargetVersion', () => {
    const pinned = (targetVersion: string) => ({ ...AUTO, targetVersion });
    expect(decide({ policy: pinned('1.1.5') })).toEqual({
      action: 'none',
      reason: 'pinned to 1.1.5',
    });
    expect(decide({ policy: pinned('1.2.0') }).action).toBe('download');
    expect(decide({ policy: pinned('1.3.0') }).action).toBe('download');
  });

  it('honours the staged rollout with this installation’s bucket', () => {
    const staged = { ...FEED, stagingPercentage: 30 };
    expect(decide({ feed: staged, stagingBucket: 29 }).action).toBe('download');
    expect(decide({ feed: staged, stagingBucket: 30 })).toEqual({
      action: 'none',
      reason: 'outside the staged rollout',
    });
    expect(decide({ feed: { ...FEED, stagingPercentage: 0 }, stagingBucket: 0 }).action).toBe(
      'none',
    );
    expect(decide({ feed: { ...FEED, stagingPercentage: 100 }, stagingBucket: 99 }).action).toBe(
      'download',
    );
  });
});

describe('updatePolicyFrom', () => {
  it('defaults to auto on the platform’s own feed', () => {
    const policy = updatePolicyFrom({});
    expect(policy).toEqual(AUTO);
    expect(feedUrlOf(policy, 'https://edu.example.org')).toBe(FEED_URL);
    expect(feedUrlOf(policy, null)).toBeNull();
  });

  it('reads the mode, a feed folder URL and a pin', () => {
    expect(
      updatePolicyFrom({
        updateMode: 'Notify',
        updateUrl: 'https://files.school.example/edudesk?x=1',
        targetVersion: '1.4.2',
      }),
    ).toEqual({
      mode: 'notify',
      url: 'https://files.school.example/edudesk/',
      targetVersion: '1.4.2',
    });
  });

  it('reports bad values; a bad pin turns updates off rather than risk going past it', () => {
    const warnings: string[] = [];
    const policy = updatePolicyFrom(
      { updateMode: 'sometimes', updateUrl: 'file:///C:/updates', targetVersion: '1.4' },
      (message) => warnings.push(message),
    );
    expect(policy).toEqual({ mode: 'off', url: null, targetVersion: null });
    expect(warnings).toHaveLength(3);
    expect(updatePolicyFrom({ updateUrl: 'https://user:pw@files.example/' }).url).toBeNull();
  });
});
