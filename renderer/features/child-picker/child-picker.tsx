// A Table: not in the desktops' antd set, so this module brings the app set with its chunk.
import 'virtual:antd-static/app.css';
import { Button, Drawer, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Child } from '../../../contract/auth';
import { useServerText } from '../../core/i18n/traditional';
import { useSession } from '../../core/session/session-store';
import { setParentChild } from './api';
import { childRows, type ChildRow } from './child-rows';

/** Dialog width (spec §9: dialogs other than theme and about are 400 or 500 px). */
export const CHILD_PICKER_WIDTH = 500;
/** As a bottom sheet (mobile desktop): never the whole screen. */
export const CHILD_SHEET_HEIGHT = 'min(60dvh, 480px)';

export interface ChildPickerProps {
  open: boolean;
  children: Child[];
  currentChildId: string;
  /** The server accepted the choice: make it the session's current child. */
  onChosen: (child: Child) => void;
  onClose: () => void;
  /**
   * False when a choice is required (the picker opened by itself, spec §4): no close button,
   * and neither Esc nor the backdrop closes it.
   */
  closable: boolean;
  /** The mobile desktop shows it as a bottom sheet. */
  sheet?: boolean;
}

/**
 * The child picker for parents (spec §2): name, grade, class and an 'enter' button per child.
 * Entering posts the choice (student/set/parentChildren) and then calls onChosen. Inactive
 * children are listed but cannot be entered; the current child is marked in text.
 */
export function ChildPicker({
  open,
  children,
  currentChildId,
  onChosen,
  onClose,
  closable,
  sheet = false,
}: ChildPickerProps) {
  const { t } = useTranslation();
  const local = useServerText();
  const userId = useSession((state) => state.user?.userId ?? '');
  const [enteringId, setEnteringId] = useState<string | null>(null);

  async function enter(child: Child): Promise<void> {
    setEnteringId(child.id);
    try {
      // The signed-in parent; the child's own parentId only when no user is known.
      await setParentChild(userId === '' ? child.parentId : userId, child);
      onChosen(child);
    } catch {
      // The request client has shown the §8 toast; the parent may try again.
    } finally {
      setEnteringId(null);
    }
  }

  const columns: ColumnsType<ChildRow> = [
    {
      key: 'name',
      title: t('childPicker.columns.name'),
      render: (_: unknown, row: ChildRow) => (
        <span>
          {row.child.realName}
          {row.current && <span> ({t('childPicker.current')})</span>}
          {!row.enterable && <span> ({t('childPicker.inactive')})</span>}
        </span>
      ),
    },
    {
      key: 'grade',
      title: t('childPicker.columns.grade'),
      // A grade's and a class's names are the school's texts (Traditional in zh-HK); a person's
      // name stays as written.
      render: (_, row) => local(row.child.gradeName),
    },
    {
      key: 'class',
      title: t('childPicker.columns.class'),
      render: (_, row) => local(row.child.className),
    },
    {
      key: 'enter',
      title: <span className="visually-hidden">{t('childPicker.columns.action')}</span>,
      align: 'right',
      render: (_, row) => (
        <Button
          type={row.current ? 'default' : 'primary'}
          size="small"
          disabled={!row.enterable || (enteringId !== null && enteringId !== row.child.id)}
          loading={enteringId === row.child.id}
          aria-label={t('childPicker.enterChild', { name: row.child.realName })}
          onClick={() => {
            void enter(row.child);
          }}
        >
          {t('childPicker.enter')}
        </Button>
      ),
    },
  ];

  const table = (
    <Table<ChildRow>
      columns={columns}
      dataSource={childRows(children, currentChildId)}
      rowKey={(row) => row.child.id}
      pagination={false}
      size="small"
      locale={{ emptyText: t('childPicker.empty') }}
    />
  );
  if (sheet) {
    return (
      <Drawer
        open={open}
        placement="bottom"
        size={CHILD_SHEET_HEIGHT}
        rootClassName="sheet"
        title={t('childPicker.title')}
        onClose={onClose}
        destroyOnHidden
        closable={closable ? { 'aria-label': t('childPicker.close') } : false}
        mask={{ closable }}
        keyboard={closable}
      >
        {table}
      </Drawer>
    );
  }
  return (
    <Modal
      open={open}
      title={t('childPicker.title')}
      onCancel={onClose}
      footer={null}
      width={CHILD_PICKER_WIDTH}
      destroyOnHidden
      closable={closable ? { 'aria-label': t('childPicker.close') } : false}
      mask={{ closable }}
      keyboard={closable}
    >
      {table}
    </Modal>
  );
}
