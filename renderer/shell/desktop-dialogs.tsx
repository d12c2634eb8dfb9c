import { lazy, Suspense } from 'react';
import type { Child } from '../../contract/auth';
import type { ModuleExpiryItem } from '../../contract/desktop';
import { loadThemeDialog, type ThemeSelection } from '../features/theme/index';
import { DESKTOP_PERMISSION_CODES } from '../../contract/desktop-codes';
import { can, usePermissions } from '../core/permissions/permission-store';
import { activeChildren } from '../core/session/children';
import type { CurrentUser } from '../core/session/user-mapper';
import { loadExpiryDialog, ModuleExpiredGate } from '../features/expiry/index';
import { loadAboutDialog } from '../features/about/index';
import { loadChildPicker } from '../features/child-picker/index';
import { loadClientDownloadDialog } from '../features/client-download/index';
import { loadLinkedAccountsDialog } from '../features/linked-accounts/index';
import { loadMessagesDialog } from '../features/messages/index';
import { loadTodoPanel } from '../features/todo/index';

// Dialogs and panels load when first opened: the desktop's first download stays small.
const AboutDialog = lazy(async () => ({
  default: (await loadAboutDialog()).AboutDialog,
}));
const ChildPicker = lazy(async () => ({
  default: (await loadChildPicker()).ChildPicker,
}));
const ClientDownloadDialog = lazy(async () => ({
  default: (await loadClientDownloadDialog()).ClientDownloadDialog,
}));
const ExpiryDialog = lazy(async () => ({
  default: (await loadExpiryDialog()).ExpiryDialog,
}));
const LinkedAccountsDialog = lazy(async () => ({
  default: (await loadLinkedAccountsDialog()).LinkedAccountsDialog,
}));
const MessagesDialog = lazy(async () => ({
  default: (await loadMessagesDialog()).MessagesDialog,
}));
const ThemeDialog = lazy(async () => ({
  default: (await loadThemeDialog()).ThemeDialog,
}));
const TodoPanel = lazy(async () => ({
  default: (await loadTodoPanel()).TodoPanel,
}));

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

export interface DesktopDialogsProps {
  user: CurrentUser;
  dialog: OpenDialog;
  onDialog: (next: OpenDialog) => void;
  /** The to-do panel sits beside the desktop and may be open with a dialog. */
  todoOpen: boolean;
  onTodoClosed: () => void;
  /** Messages or to-dos were marked read. */
  onCountsChanged: () => void;
  /** The landing root and module code the about dialog reports on. */
  root: string;
  moduleCode: string;
  licenceExpired: boolean;
  onChildChosen: (child: Child) => void;
  theme: {
    current: ThemeSelection;
    /** The user administers the unit; syncing also needs the unit's grant (spec §6). */
    isAdmin: boolean;
    saving: boolean;
    onSave: (selection: ThemeSelection, scope: 'me' | 'unit') => void;
  };
}

/**
 * The dialogs' host: every dialog and panel of the desktop, each mounted (and its chunk
 * downloaded) only while open. Which one is open is the shell's state; the dialogs themselves
 * stay in their features.
 */
export function DesktopDialogs({
  user,
  dialog,
  onDialog,
  todoOpen,
  onTodoClosed,
  onCountsChanged,
  root,
  moduleCode,
  licenceExpired,
  onChildChosen,
  theme,
}: DesktopDialogsProps) {
  const close = () => {
    onDialog(null);
  };
  // Only an admin may sync the theme (spec §6), where the unit grants the code. Read here, not
  // in the shell: the permission tree arrives while the icons render, and a shell subscribed to
  // it would re-render the whole desktop synchronously.
  const canSyncTheme = usePermissions((state) => can(state, DESKTOP_PERMISSION_CODES.themeSync));
  const isParent = user.userType === '3';
  const hasChildren = activeChildren(user.childList).length > 0;
  return (
    <>
      {dialog?.kind === 'messages' && (
        <Suspense fallback={null}>
          <MessagesDialog
            open
            onClose={close}
            onChanged={onCountsChanged}
            onOpenExpiry={(modules) => {
              onDialog({ kind: 'expiry', modules });
            }}
          />
        </Suspense>
      )}
      {dialog?.kind === 'expiry' && (
        <Suspense fallback={null}>
          <ExpiryDialog open modules={dialog.modules} unitId={user.unitId} onClose={close} />
        </Suspense>
      )}
      {todoOpen && (
        <Suspense fallback={null}>
          <TodoPanel open onClose={onTodoClosed} onChanged={onCountsChanged} />
        </Suspense>
      )}
      {dialog?.kind === 'about' && (
        <Suspense fallback={null}>
          <AboutDialog open root={root} code={moduleCode} oam={false} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'download' && (
        <Suspense fallback={null}>
          <ClientDownloadDialog open baseUrl={CLIENT_DOWNLOAD_BASE} onClose={close} />
        </Suspense>
      )}
      {isParent && dialog?.kind === 'children' && (
        <Suspense fallback={null}>
          <ChildPicker
            open
            children={user.childList}
            currentChildId={user.currentChild?.id ?? ''}
            closable={hasChildren}
            onChosen={onChildChosen}
            onClose={close}
          />
        </Suspense>
      )}
      {dialog?.kind === 'links' && (
        <Suspense fallback={null}>
          <LinkedAccountsDialog open onClose={close} />
        </Suspense>
      )}
      <ModuleExpiredGate expired={licenceExpired} />
      {dialog?.kind === 'theme' && (
        <Suspense fallback={null}>
          <ThemeDialog
            open
            current={theme.current}
            isAdmin={theme.isAdmin && canSyncTheme}
            saving={theme.saving}
            onSave={theme.onSave}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
