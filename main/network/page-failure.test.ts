import { describe, expect, it } from 'vitest';
import { isCertificateError, pageForLoadFailure, pageForRenderProcessGone } from './page-failure';

describe('page failures', () => {
  it('shows the certificate page for certificate errors and the offline page otherwise', () => {
    expect(pageForLoadFailure(-202, true)).toBe('certificate');
    expect(pageForLoadFailure(-200, true)).toBe('certificate');
    expect(pageForLoadFailure(-105, true)).toBe('offline');
    expect(pageForLoadFailure(-300, true)).toBe('offline');
    expect(isCertificateError(-199)).toBe(false);
  });

  it('ignores aborted loads and frames', () => {
    expect(pageForLoadFailure(-3, true)).toBeNull();
    expect(pageForLoadFailure(-202, false)).toBeNull();
  });

  it('replaces a crashed, killed or hung page but not one that exited cleanly', () => {
    expect(pageForRenderProcessGone('crashed')).toBe('offline');
    expect(pageForRenderProcessGone('oom')).toBe('offline');
    expect(pageForRenderProcessGone('killed')).toBe('offline');
    expect(pageForRenderProcessGone('clean-exit')).toBeNull();
  });
});
