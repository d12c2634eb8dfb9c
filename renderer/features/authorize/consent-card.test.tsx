// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../server/http/envelope';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { builtinZhCN } from '../../pages/builtin-locale';
import { postWebAuth } from './api';
import { ConsentCard } from './consent-card';
import authorizeEn from './locales/en.json';

vi.mock('./api', () => ({ postWebAuth: vi.fn(), fetchClientInfo: vi.fn() }));

const CLIENT = {
  clientId: 'edudesk-demo-app',
  name: '演示应用|||Demo app',
  logoUri: 'data:image/png;base64,AAAA',
  scopes: ['profile'],
};
const FIELDS = { client_id: 'edudesk-demo-app', redirect_uri: 'http://127.0.0.1:5000/callback' };

function renderCard(client = CLIENT) {
  const navigate = vi.fn();
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <ConsentCard client={client} userName="王老师" fields={FIELDS} navigate={navigate} />
    </I18nextProvider>,
  );
  return { navigate, container };
}

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN, bundled: { en: authorizeEn } });
});

afterEach(async () => {
  cleanup();
  vi.mocked(postWebAuth).mockReset();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('ConsentCard', () => {
  it('names the partner in the user’s language and says what it will receive', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { container } = renderCard();
    expect(screen.getByRole('heading', { name: 'Demo app wants to sign you in' })).toBeTruthy();
    expect(screen.getByText('You are signed in as 王老师.')).toBeTruthy();
    expect(screen.getByText('your name, username, unit and user type')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(CLIENT.logoUri);
  });

  it('shows no logo from another origin', () => {
    const { container } = renderCard({ ...CLIENT, logoUri: 'https://tracker.example/logo.png' });
    expect(container.querySelector('img')).toBeNull();
  });

  it('posts the decision and follows the answer', async () => {
    const answer = 'http://127.0.0.1:5000/callback?error=access_denied&state=s';
    vi.mocked(postWebAuth).mockResolvedValue(ok(answer));
    const { navigate } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith(answer);
    });
    expect(postWebAuth).toHaveBeenCalledWith(FIELDS, 'deny');
  });

  it('never follows an answer that is not http(s)', async () => {
    vi.mocked(postWebAuth).mockResolvedValue(ok('javascript:alert(1)'));
    const { navigate } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /同\s*意/ }));
    await waitFor(() => {
      expect(postWebAuth).toHaveBeenCalledWith(FIELDS, 'allow');
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /同\s*意/ }).hasAttribute('disabled')).toBe(false);
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});
