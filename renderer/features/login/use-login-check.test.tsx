// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureTestSetup } from '../../../tests/support/feature-test';
import en from './locales/en.json';
import type { LoginCheckOutcome } from './login-check/login-check';

// The check itself (spec §4's steps) has its own tests (login-check/steps.test.ts); here only
// when it runs and who gets its outcome.
const checkLogin = vi.fn<() => Promise<LoginCheckOutcome>>();
vi.mock('./login-session', () => ({ checkLogin }));
const { startLoginCheck, useLoginCheck } = await import('./use-login-check');

featureTestSetup(en);

afterEach(() => {
  cleanup();
  checkLogin.mockReset();
});

function Page() {
  const outcome = useLoginCheck();
  return <p>{outcome === null ? 'checking' : outcome.kind}</p>;
}

describe('useLoginCheck', () => {
  it('takes the check started before the page rendered, once; a later page runs its own', async () => {
    let answer: (outcome: LoginCheckOutcome) => void = () => undefined;
    checkLogin.mockReturnValueOnce(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    startLoginCheck();
    expect(checkLogin).toHaveBeenCalledOnce();
    render(<Page />);
    screen.getByText('checking');
    answer({ kind: 'logged-in' });
    await screen.findByText('logged-in');
    // The page's own effect started no second check, and a late start does nothing.
    startLoginCheck();
    expect(checkLogin).toHaveBeenCalledOnce();
    cleanup();

    checkLogin.mockResolvedValueOnce({ kind: 'login-required' });
    render(<Page />);
    await screen.findByText('login-required');
    expect(checkLogin).toHaveBeenCalledTimes(2);
  });

  it('counts a check that fails as login required', async () => {
    checkLogin.mockRejectedValueOnce(new Error('network'));
    render(<Page />);
    await screen.findByText('login-required');
  });
});
