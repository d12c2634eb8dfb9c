import { describe, expect, it } from 'vitest';
import { signOut, type SignOutDeps } from './sign-out';

const PLATFORM = { origin: 'https://school.example.edu', url: 'https://school.example.edu/' };

function setup(overrides: Partial<SignOutDeps> = {}) {
  const steps: string[] = [];
  const deps: SignOutDeps = {
    platform: () => PLATFORM,
    post: (url) => {
      steps.push(`post ${url}`);
      return Promise.resolve();
    },
    forget: (origin) => {
      steps.push(`forget ${origin}`);
      return Promise.resolve();
    },
    reset: () => steps.push('reset'),
    openMain: (url) => steps.push(`open ${url}`),
    warn: (message) => steps.push(`warn ${message}`),
    ...overrides,
  };
  return { steps, deps };
}

describe('signOut', () => {
  it('calls the logout endpoint, forgets the vault entry, then shows the server again', async () => {
    const { steps, deps } = setup();
    await signOut(deps);
    expect(steps).toEqual([
      'post https://school.example.edu/api/uaa/oauth/logout',
      'forget https://school.example.edu',
      'reset',
      'open https://school.example.edu/',
    ]);
  });

  it('still ends the local session when the logout call fails', async () => {
    const { steps, deps } = setup({ post: () => Promise.reject(new Error('offline')) });
    await signOut(deps);
    expect(steps.slice(1)).toEqual([
      'forget https://school.example.edu',
      'reset',
      'open https://school.example.edu/',
    ]);
    expect(steps[0]).toContain('offline');
  });

  it('does nothing without a server', async () => {
    const { steps, deps } = setup({ platform: () => null });
    await signOut(deps);
    expect(steps).toEqual([]);
  });
});
