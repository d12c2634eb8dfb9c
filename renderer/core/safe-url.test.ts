import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safe-url';

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
