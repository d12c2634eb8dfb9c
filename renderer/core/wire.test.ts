import { describe, expect, it } from 'vitest';
import { isWireRecord, wireCount, wireInteger, wireText } from './wire';

describe('wire readers', () => {
  it('read text from strings and finite numbers only', () => {
    expect([
      wireText('a'),
      wireText(12),
      wireText(Number.NaN),
      wireText(null),
      wireText({}),
    ]).toEqual(['a', '12', '', '', '']);
  });

  it('read integers from numbers and numeric strings, else the fallback', () => {
    expect([
      wireInteger(3),
      wireInteger('4'),
      wireInteger(' 5 '),
      wireInteger('12abc', 7),
      wireInteger(1.5, 9),
      wireInteger('', 2),
    ]).toEqual([3, 4, 5, 7, 9, 2]);
  });

  it('read counts as non-negative integers', () => {
    expect([wireCount(-3), wireCount('8'), wireCount('x')]).toEqual([0, 8, 0]);
  });

  it('know a record', () => {
    expect([isWireRecord({}), isWireRecord([]), isWireRecord(null)]).toEqual([true, false, false]);
  });
});
