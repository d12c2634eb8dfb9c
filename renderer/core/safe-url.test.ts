import { describe, expect, it } from 'vitest';
import { linkTarget, safeLinkUrl } from './safe-url';

const base = 'http://localhost:8080/login';

describe('safeLinkUrl', () => {
  it('keeps http(s) URLs and resolves same-origin paths', () => {
    expect(safeLinkUrl('https://beian.miit.gov.cn/', base)).toBe('https://beian.miit.gov.cn/');
    expect(safeLinkUrl('/api/storage/show/unit/1001', base)).toBe(
      'http://localhost:8080/api/storage/show/unit/1001',
    );
  });

  it('refuses script, data and other schemes, and non-strings', () => {
    expect(safeLinkUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeLinkUrl(' JAVASCRIPT:alert(1)', base)).toBeNull();
    expect(safeLinkUrl('data:text/html,<script>1</script>', base)).toBeNull();
    expect(safeLinkUrl('file:///etc/passwd', base)).toBeNull();
    expect(safeLinkUrl('', base)).toBeNull();
    expect(safeLinkUrl(42, base)).toBeNull();
    expect(safeLinkUrl(null, base)).toBeNull();
  });
});

describe('linkTarget (messages and to-dos open like this)', () => {
  const here = 'https://school.example.cn/pages/base/pc_desktop_all/index.html';

  it('opens http(s) in a new window and other URLs here, on this origin only', () => {
    expect(linkTarget('https://oa.example.cn/t/1', here)).toEqual({
      kind: 'new-window',
      url: 'https://oa.example.cn/t/1',
    });
    expect(linkTarget('/pages/oa/pc_oa_tm/index.html#/t/1', here)).toEqual({
      kind: 'navigate',
      url: 'https://school.example.cn/pages/oa/pc_oa_tm/index.html#/t/1',
    });
    for (const url of ['', ' ', 'javascript:alert(1)', '//evil.example.com/', 'data:,x']) {
      expect(linkTarget(url, here), url).toBeNull();
    }
  });
});
