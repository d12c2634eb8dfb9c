import { memo } from 'react';
import {
  BgColorsOutlined,
  DownloadOutlined,
  HomeOutlined,
  LinkOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HostConfigFlags } from '../../contract/host';
import { DESKTOP_PERMISSION_CODES } from '../../contract/desktop-codes';
import type { CurrentUser } from '../core/session/user-mapper';
import { Access } from '../ui/access/access';
import {
  FullscreenToggle,
  HeaderButton,
  LogoutButton,
  MessageBell,
  WelcomeText,
} from '../features/header/index';
import { LanguageSwitcher } from '../features/language/index';
import { RoleSwitcher } from '../features/role-switch/index';
import type { OpenDialog } from './desktop-dialogs';

export interface HeaderActionsProps {
  user: CurrentUser;
  unreadMessages: number;
  /** The desktop home route hides the user's messages (spec §2). */
  onDesktopHome: boolean;
  /** Phone-sized: no welcome text, client download or fullscreen. */
  compact: boolean;
  inDesktopClient: boolean;
  /**
   * Logout shows except where the host signs the user out: the desktop client and WeCom's work
   * client (spec §2 page header; `logoutShown` in shell/logout-shown.ts).
   */
  showLogout: boolean;
  /** Deployment flags of the host (Group Policy in the desktop client); null until read. */
  flags: HostConfigFlags | null;
  /** Parents with more than one active child may switch. */
  canSwitchChild: boolean;
  /** Where the desktop button goes. */
  desktopHref: string;
  onDialog: (dialog: OpenDialog) => void;
  onLoggedOut: () => void;
}

/**
 * The header's right side (spec §2 page header), in the spec's order: welcome text, message
 * bell, desktop, child switch, client download, theme, fullscreen, role switch, language,
 * logout. Each button only says what it wants opened; the shell owns the dialogs.
 */
export const HeaderActions = memo(function HeaderActions({
  user,
  unreadMessages,
  onDesktopHome,
  compact,
  inDesktopClient,
  showLogout,
  flags,
  canSwitchChild,
  desktopHref,
  onDialog,
  onLoggedOut,
}: HeaderActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {!compact && <WelcomeText />}
      {!onDesktopHome && (
        <MessageBell
          unread={unreadMessages}
          onOpen={() => {
            onDialog({ kind: 'messages' });
          }}
        />
      )}
      <HeaderButton
        label={t('header.desktop')}
        icon={<HomeOutlined aria-hidden />}
        onClick={() => {
          window.location.assign(desktopHref);
        }}
      />
      {canSwitchChild && (
        <HeaderButton
          label={t('header.switchChild')}
          icon={<TeamOutlined aria-hidden />}
          onClick={() => {
            onDialog({ kind: 'children' });
          }}
        />
      )}
      {!inDesktopClient && !compact && (
        <Access code={DESKTOP_PERMISSION_CODES.clientDownload}>
          <HeaderButton
            label={t('header.clientDownload')}
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => {
              onDialog({ kind: 'download' });
            }}
          />
        </Access>
      )}
      {flags?.disableThemeButton !== true && (
        <HeaderButton
          label={t('header.theme')}
          icon={<BgColorsOutlined aria-hidden />}
          onClick={() => {
            onDialog({ kind: 'theme' });
          }}
        />
      )}
      {!compact && <FullscreenToggle />}
      {!compact && (
        <HeaderButton
          label={t('header.linkedAccounts')}
          icon={<LinkOutlined aria-hidden />}
          onClick={() => {
            onDialog({ kind: 'links' });
          }}
        />
      )}
      <RoleSwitcher
        userId={user.userId}
        userType={user.userType}
        onDesktop
        onSwitched={() => {
          window.location.assign('/login');
        }}
      />
      {flags?.disableLanguageButton !== true && <LanguageSwitcher />}
      {showLogout && <LogoutButton onLoggedOut={onLoggedOut} />}
    </>
  );
});
