// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../core/session/user-mapper';
import { reloginDone, useRelogin } from './relogin-store';

const pageUser = { userId: '101', unitId: '1' };
const signedIn = (userId: string, unitId: string) => ({ userId, unitId }) as CurrentUser;

afterEach(() => {
  useRelogin.setState({ required: false });
  sessionStorage.clear();
});

describe('after the login dialog', () => {
  it('the same user goes on where they were: the dialog closes, the page stays', () => {
    useRelogin.getState().require();
    const reload = vi.fn();
    sessionStorage.setItem('SY_TODO_CLOSED', '1');
    reloginDone(pageUser, signedIn('101', '1'), reload);
    expect(useRelogin.getState().required).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('SY_TODO_CLOSED')).toBe('1');
  });

  it.each([
    ['another user', signedIn('102', '1')],
    ['the same account in another unit', signedIn('101', '2')],
  ])('%s gets the page afresh', (_who, user) => {
    useRelogin.getState().require();
    const reload = vi.fn();
    sessionStorage.setItem('SY_TODO_CLOSED', '1');
    reloginDone(pageUser, user, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // The previous user's session (the to-do panel they closed, their theme) is not theirs.
    expect(sessionStorage.getItem('SY_TODO_CLOSED')).toBeNull();
    // The previous user's page stays covered until the new one loads.
    expect(useRelogin.getState().required).toBe(true);
  });

  it('a current user that could not be read closes the dialog (the next call asks again)', () => {
    useRelogin.getState().require();
    const reload = vi.fn();
    reloginDone(pageUser, null, reload);
    expect(useRelogin.getState().required).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
