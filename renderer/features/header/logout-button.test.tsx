// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { featureTestSetup } from '../../../tests/support/feature-test';
import en from './locales/en.json';
import { LogoutButton } from './logout-button';

featureTestSetup(en);

afterEach(() => {
  cleanup();
});

describe('the logout confirmation (spec §2)', () => {
  it('asks with Cancel and OK, and a switch-account button only in development', async () => {
    render(<LogoutButton onLoggedOut={() => undefined} showSwitchAccount={false} />);
    await userEvent.click(screen.getByRole('button', { name: '退出' }));
    await screen.findByText('您确认要退出吗？', { selector: '.ant-modal-confirm-title' });
    expect(screen.queryByRole('button', { name: '切换账号' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    cleanup();

    render(<LogoutButton onLoggedOut={() => undefined} showSwitchAccount />);
    await userEvent.click(screen.getByRole('button', { name: '退出' }));
    await screen.findByText('您确认要退出吗？', { selector: '.ant-modal-confirm-title' });
    expect(await screen.findByRole('button', { name: '切换账号' })).toBeTruthy();
  });
});
