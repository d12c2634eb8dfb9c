// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../contract/api-paths';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { okEnvelope, reply } from '../../../tests/support/route-server';
import { LinkedAccountsDialog } from './linked-accounts-dialog';
import en from './locales/en.json';

const { routes, received } = featureTestSetup(en);

const LINK = {
  issuer: 'weixin',
  subject: 'union-1',
  providerName: '微信|||WeChat',
  nickname: '王老师',
  linkedAt: Date.UTC(2026, 10, 20),
};

afterEach(() => {
  cleanup();
});

describe('the linked accounts dialog', () => {
  it('lists the links and unlinks one after a confirmation', async () => {
    routes.set(`GET ${API.socialLinks}`, (_req, res) => {
      reply(res, 200, okEnvelope([LINK]));
    });
    routes.set(`POST ${API.socialUnlink}`, (_req, res) => {
      reply(res, 200, okEnvelope(null));
    });
    render(<LinkedAccountsDialog open onClose={() => undefined} />);
    const item = await screen.findByText('微信 · 王老师');
    const row = item.closest('li');
    if (!row) throw new Error('no list item');
    await userEvent.click(within(row).getByRole('button', { name: '解除绑定' }));
    // The confirmation names the account; its own button unlinks.
    const title = await screen.findByText(/确定解除微信（王老师）的绑定吗/, {
      selector: '.ant-modal-confirm-title',
    });
    const question = title.closest<HTMLElement>('.ant-modal-confirm');
    if (!question) throw new Error('no confirmation');
    await userEvent.click(within(question).getByRole('button', { name: '解除绑定' }));
    await waitFor(() => {
      expect(screen.queryByText('微信 · 王老师')).toBeNull();
    });
    const unlink = received.find((call) => call.method === 'POST');
    expect(unlink?.body).toContain('issuer=weixin');
    expect(unlink?.body).toContain('subject=union-1');
  });

  it('says when nothing is linked', async () => {
    routes.set(`GET ${API.socialLinks}`, (_req, res) => {
      reply(res, 200, okEnvelope([]));
    });
    render(<LinkedAccountsDialog open onClose={() => undefined} />);
    expect(await screen.findByText(/尚未绑定第三方账号/)).toBeTruthy();
  });
});
