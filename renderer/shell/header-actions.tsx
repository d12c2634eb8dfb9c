import { memo } from 'react';
import {
  BgColorsOutlined,
  DownloadOutlined,
  HomeOutlined,
  LinkOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HostConfigFlags } from '../../contract/host';
import { PARENT_USER_TYPE } from '../../contract/auth-codes';
import { DESKTOP_PERMISSION_CODES } from '../../contract/desktop-codes';
import { loadsPermissionTree, usePermissions } from '../core/permissions/permission-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { Access } from '../ui/access/access';
import { HoverTip } from '../ui/hover-tip/hover-tip';
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
 * A parent's current child beside the welcome text, as the phone's header shows it; with more
 * than one child it is the child switch, which opens the picker.
 */
function CurrentChild({
  name,
  canSwitch,
  onSwitch,
}: {
  name: string;
  canSwitch: boolean;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  if (!canSwitch) {
    return (
      <span className="app-header__child" title={name}>
        {name}
      </span>
    );
  }
  const label = t('header.switchChildCurrent', { name });
  return (
    <HoverTip title={label}>
      <Button
        type="text"
        className="app-header__child app-header__child-switch"
        aria-label={label}
        icon={<TeamOutlined aria-hidden />}
        onClick={onSwitch}
      >
        {name}
      </Button>
    </HoverTip>
  );
}

/**
 * The header's right side (spec §2 page header), in the spec's order: welcome text, message
 * bell, desktop, child switch, client download, theme, fullscreen, role switch, language,
 * logout. A parent's current child shows beside the welcome text and is the child switch there.
 * Each button only says what it wants opened; the shell owns the dialogs.
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
  // Until the user's permission tree has come, the client download button keeps its place: the
  // top menu measures the header once, and does not lose an icon when the button arrives.
  const treePending = usePermissions(
    (state) => !state.enforced && loadsPermissionTree(user.userType),
  );
  const childName = user.userType === PARENT_USER_TYPE ? (user.currentChild?.realName ?? '') : '';
  const openChildren = () => {
    onDialog({ kind: 'children' });
  };
  return (
    <>
      {!compact && <WelcomeText />}
      {!compact && childName !== '' && (
        <CurrentChild name={childName} canSwitch={canSwitchChild} onSwitch={openChildren} />
      )}
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
      {canSwitchChild && (compact || childName === '') && (
        <HeaderButton
          label={t('header.switchChild')}
          icon={<TeamOutlined aria-hidden />}
          onClick={openChildren}
        />
      )}
      {!inDesktopClient && !compact && (
        <Access
          code={DESKTOP_PERMISSION_CODES.clientDownload}
          fallback={treePending ? <span className="app-header__reserved" aria-hidden /> : null}
        >
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
