import { describe, expect, it } from 'vitest';
import { helpCentreUrl } from './help-centre';

describe('helpCentreUrl', () => {
  it('carries redUrl, accessToken, unitId and the key (spec §2)', () => {
    const url = new URL(
      helpCentreUrl(
        {
          redUrl: 'https://school.example/pages/base/pc_desktop_all/index.html#/x?a=1&b=2',
          accessToken: 'tok&en',
          unitId: '1001',
          key: 'k 1',
        },
        'https://school.example',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://school.example/common/help/index.html');
    expect(url.searchParams.get('redUrl')).toBe(
      'https://school.example/pages/base/pc_desktop_all/index.html#/x?a=1&b=2',
    );
    expect(url.searchParams.get('accessToken')).toBe('tok&en');
    expect(url.searchParams.get('unitId')).toBe('1001');
    expect(url.searchParams.get('key')).toBe('k 1');
  });

  it('leaves the optional key out when the unit has none', () => {
    const url = new URL(
      helpCentreUrl({ redUrl: '/', accessToken: '', unitId: '2001' }, 'http://localhost'),
    );
    expect(url.searchParams.has('key')).toBe(false);
    expect([...url.searchParams.keys()]).toEqual(['redUrl', 'accessToken', 'unitId']);
  });
});
