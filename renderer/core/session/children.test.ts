// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Child } from '../../../contract/auth';
import { activeChildren, pickCurrentChild, shouldOpenChildPicker } from './children';

function child(id: string, status: number): Child {
  return { id, realName: id, gradeName: '', className: '', status, parentId: 'p' };
}

const list = [child('gone', 0), child('a', 1), child('b', 1)];

describe('pickCurrentChild (spec §4)', () => {
  it.each<[string, Child | string | null | undefined, string | null]>([
    ['the reported child when active', child('b', 1), 'b'],
    ['the reported id when active', 'b', 'b'],
    ['the first active child when the reported one is inactive', child('gone', 0), 'a'],
    ['the first active child when the reported one is unknown', 'zz', 'a'],
    ['the first active child when none is reported', null, 'a'],
    ['the first active child when undefined', undefined, 'a'],
  ])('%s', (_name, reported, expected) => {
    expect(pickCurrentChild(list, reported)?.id ?? null).toBe(expected);
  });

  it('is null without an active child', () => {
    expect(pickCurrentChild([child('gone', 0)], 'gone')).toBeNull();
    expect(pickCurrentChild([], null)).toBeNull();
  });

  it('keeps only active children', () => {
    expect(activeChildren(list).map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('shouldOpenChildPicker (spec §4)', () => {
  const two = activeChildren(list);
  it.each<[string, Child[], string | null, string | null, boolean]>([
    ['two children, saved differs', two, 'a', 'b', true],
    ['two children, nothing saved yet', two, null, 'a', true],
    ['two children, saved is current', two, 'a', 'a', false],
    ['one child', [child('a', 1)], 'x', 'a', false],
    ['no child', [], null, null, false],
  ])('%s', (_name, children, saved, current, expected) => {
    expect(shouldOpenChildPicker(children, saved, current)).toBe(expected);
  });
});
