import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuCategory } from '../../../contract/desktop';
import { useSession } from '../../core/session/session-store';
import type { CurrentUser } from '../../core/session/user-mapper';
import { fetchMyApps } from './api';
import { peekMyApps, prefetchMyAppsOnSignIn, takeMyApps } from './prefetch-apps';

vi.mock('./api', () => ({ fetchMyApps: vi.fn() }));

const user = (userId: string) => ({ userId, unitId: '1001' }) as CurrentUser;
const apps = (code: string) => [{ code, iconVMs: [] }] as unknown as MenuCategory[];

afterEach(() => {
  useSession.setState({ user: null });
});

describe('prefetchMyAppsOnSignIn', () => {
  it('asks for the icons when the user becomes known, and at once when already known', async () => {
    const fetch = vi.mocked(fetchMyApps);
    fetch.mockImplementation((userId) => Promise.resolve(apps(userId)));
    // The login check started by the boot knew the user before the desktop's module ran.
    useSession.setState({ user: user('10001') });
    prefetchMyAppsOnSignIn();
    expect(fetch).toHaveBeenCalledWith('10001', '1001');
    await expect(takeMyApps('10001', '1001')).resolves.toEqual(apps('10001'));

    // Signed out, then someone signs in: their icons are asked for as the session learns them.
    useSession.setState({ user: null });
    expect(fetch).toHaveBeenCalledTimes(1);
    useSession.setState({ user: user('10002') });
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => {
      expect(peekMyApps('10002', '1001')).toEqual(apps('10002'));
    });
  });
});
