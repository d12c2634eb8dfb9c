import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads one range, an open end and a suffix', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('serves the whole file for no, several or malformed ranges', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=5-1', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1', 0)).toEqual({ kind: 'full' });
  });

  it('refuses a range past the end', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});
