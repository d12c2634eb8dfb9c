import { useState } from 'react';
import type { Child } from '../../contract/auth';
import type { ModuleExpiryItem } from '../../contract/desktop';
import { loadThemeDialog, type ThemeSelection } from '../features/theme/index';
import { DESKTOP_PERMISSION_CODES } from '../../contract/desktop-codes';
import { can, usePermissions } from '../core/permissions/permission-store';
import { activeChildren, shouldOpenChildPicker } from '../core/session/children';
import { selectChild } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { readSession, SESSION_KEYS, writeSession } from '../core/storage-keys';
import { loadExpiryDialog, ModuleExpiredGate } from '../features/expiry/index';
import { loadAboutDialog } from '../features/about/index';
import { BrowserNotificationsSwitch } from '../features/attention/index';
import { loadChildPicker } from '../features/child-picker/index';
import { loadClientDownloadDialog } from '../features/client-download/index';
import { loadLinkedAccountsDialog } from '../features/linked-accounts/index';
import { loadMessagesDialog } from '../features/messages/index';
import { loadTodoPanel } from '../features/todo/index';
import { lazyDialog } from '../ui/lazy-part';

// Each dialog or panel's chunk downloads when it is first opened, so that the desktop's first
// download stays small; nothing shows while the chunk is on its way, and a chunk that cannot be
// fetched says so in place (renderer/ui/lazy-part.tsx). The dialogs opened from a button stay
// mounted once opened: closed, they give the focus back to that button.
const AboutDialog = lazyDialog(async () => (await loadAboutDialog()).AboutDialog);
const ChildPicker = lazyDialog(async () => (await loadChildPicker()).ChildPicker);
const ClientDownloadDialog = lazyDialog(
  async () => (await loadClientDownloadDialog()).ClientDownloadDialog,
);
const ExpiryDialog = lazyDialog(async () => (await loadExpiryDialog()).ExpiryDialog);
const LinkedAccountsDialog = lazyDialog(
  async () => (await loadLinkedAccountsDialog()).LinkedAccountsDialog,
);
const MessagesDialog = lazyDialog(async () => (await loadMessagesDialog()).MessagesDialog);
const ThemeDialog = lazyDialog(async () => (await loadThemeDialog()).ThemeDialog);
const TodoPanel = lazyDialog(async () => (await loadTodoPanel()).TodoPanel);

/** Where the client download dialog's links point (spec §2: a configurable base). */
export const CLIENT_DOWNLOAD_BASE = '/downloads/';

/** The one dialog of the desktop that is open, if any (the to-do panel is apart: see below). */
export type OpenDialog =
  | { kind: 'messages' }
  | { kind: 'about' }
  | { kind: 'download' }
  | { kind: 'children' }
  | { kind: 'theme' }
  | { kind: 'links' }
  | { kind: 'expiry'; modules: ModuleExpiryItem[] }
  | null;

/** The desktop is the base module: its licence, versions and permission codes. */
export const DESKTOP_MODULE = 'base';

/** What of the desktop's dialogs is open: the shell's state, which the host shows. */
export interface OpenDialogs {
  dialog: OpenDialog;
  setDialog: (next: OpenDialog) => void;
  /** A parent chose a child in the picker. */
  onChildChosen: (child: Child) => void;
  /** The user closed the to-do panel on this visit (it opens by itself, spec §4). */
  todoClosed: boolean;
  closeTodo: () => void;
}

/**
 * The desktop's open dialog and a parent's choice of child, the same on the PC and the phone: the
 * child picker opens by itself when the child saved for this session differs from the current
 * one (spec §4); the child chosen is saved, made current, and the picker closes.
 */
export function useOpenDialogs(user: CurrentUser): OpenDialogs {
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    user.userType === '3' &&
    shouldOpenChildPicker(
      activeChildren(user.childList),
      readSession(SESSION_KEYS.childId),
      user.currentChild?.id ?? '',
    )
      ? { kind: 'children' }
      : null,
  );
  const [todoClosed, setTodoClosed] = useState(false);
  return {
    dialog,
    setDialog,
    onChildChosen(child) {
      writeSession(SESSION_KEYS.childId, child.id);
      selectChild(child);
      setDialog(null);
    },
    todoClosed,
    closeTodo() {
      setTodoClosed(true);
    },
  };
}

export interface DesktopDialogsProps {
  user: CurrentUser;
  opened: OpenDialogs;
  /** The phone's desktop: the to-do panel, messages and child picker are bottom sheets. */
  sheet?: boolean;
  /** The to-do panel sits beside the desktop and may be open with a dialog. */
  todoOpen: boolean;
  /** Messages or to-dos were marked read. */
  onCountsChanged: () => void;
  /** The landing root the about dialog reports on. */
  root: string;
  licenceExpired: boolean;
  /** A message's or to-do's source as the page names it (menu's useSourceName). */
  sourceName: (source: string) => string;
  /** The theme dialog's state; the phone's desktop has no theme dialog. */
  theme?: {
    current: ThemeSelection;
    /** The user administers the unit; syncing also needs the unit's grant (spec §6). */
    isAdmin: boolean;
    saving: boolean;
    onSave: (selection: ThemeSelection, scope: 'me' | 'unit') => void;
  };
}

/**
 * The dialogs' host of the PC and the phone desktops: every dialog and panel, each mounted (and
 * its chunk downloaded) only while open. Which one is open is the shell's state; the dialogs
 * themselves stay in their features.
 */
export function DesktopDialogs({
  user,
  opened,
  sheet = false,
  todoOpen,
  onCountsChanged,
  root,
  licenceExpired,
  sourceName,
  theme,
}: DesktopDialogsProps) {
  const { dialog, setDialog, onChildChosen } = opened;
  const close = () => {
    setDialog(null);
  };
  // Only an admin may sync the theme (spec §6), where the unit grants the code. Read here, not
  // in the shell: the permission tree arrives while the icons render, and a shell subscribed to
  // it would re-render the whole desktop synchronously.
  const canSyncTheme = usePermissions((state) => can(state, DESKTOP_PERMISSION_CODES.themeSync));
  const isParent = user.userType === '3';
  const hasChildren = activeChildren(user.childList).length > 0;
  return (
    <>
      <MessagesDialog
        open={dialog?.kind === 'messages'}
        sheet={sheet}
        onClose={close}
        onChanged={onCountsChanged}
        sourceName={sourceName}
        settings={<BrowserNotificationsSwitch />}
        onOpenExpiry={(modules) => {
          setDialog({ kind: 'expiry', modules });
        }}
      />
      {dialog?.kind === 'expiry' && (
        <ExpiryDialog open modules={dialog.modules} unitId={user.unitId} onClose={close} />
      )}
      {todoOpen && (
        <TodoPanel
          open
          sheet={sheet}
          onClose={opened.closeTodo}
          onChanged={onCountsChanged}
          sourceName={sourceName}
        />
      )}
      <AboutDialog
        open={dialog?.kind === 'about'}
        root={root}
        code={DESKTOP_MODULE}
        oam={false}
        onClose={close}
      />
      <ClientDownloadDialog
        open={dialog?.kind === 'download'}
        baseUrl={CLIENT_DOWNLOAD_BASE}
        onClose={close}
      />
      {isParent && dialog?.kind === 'children' && (
        <ChildPicker
          open
          sheet={sheet}
          children={user.childList}
          currentChildId={user.currentChild?.id ?? ''}
          closable={hasChildren}
          onChosen={onChildChosen}
          onClose={close}
        />
      )}
      <LinkedAccountsDialog open={dialog?.kind === 'links'} onClose={close} />
      <ModuleExpiredGate expired={licenceExpired} />
      {theme && (
        <ThemeDialog
          open={dialog?.kind === 'theme'}
          current={theme.current}
          isAdmin={theme.isAdmin && canSyncTheme}
          saving={theme.saving}
          onSave={theme.onSave}
          onClose={close}
        />
      )}
    </>
  );
}
