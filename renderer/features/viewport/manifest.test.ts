import { describe, expect, it } from 'vitest';
import { isSafeModuleName, moduleAssets } from './manifest';

const origin = 'http://localhost:8080';

describe('module manifest', () => {
  it('gives the script and style of a fileId', () => {
    expect(
      moduleAssets(
        { 'score.js': '/score/assets/score.1a2b.js', 'score.css': '/score/assets/score.css' },
        'score',
        origin,
      ),
    ).toEqual({
      script: 'http://localhost:8080/score/assets/score.1a2b.js',
      style: 'http://localhost:8080/score/assets/score.css',
    });
  });

  it('refuses other origins and odd values', () => {
    expect(moduleAssets({ 'x.js': 'https://evil.example/x.js', 'x.css': 42 }, 'x', origin)).toEqual(
      { script: null, style: null },
    );
    expect(moduleAssets(null, 'x', origin)).toEqual({ script: null, style: null });
    expect(moduleAssets({ 'x.js': 'javascript:alert(1)' }, 'x', origin).script).toBeNull();
  });

  it('accepts only plain module names', () => {
    expect(isSafeModuleName('score-2')).toBe(true);
    expect(isSafeModuleName('../x')).toBe(false);
    expect(isSafeModuleName('')).toBe(false);
  });
});
