import { SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleSwitchEntry } from '../../../contract/desktop';
import { useQuery } from '../../core/query/use-query';
import { roleEntriesQuery, switchIdentity } from './api';
import { canSwitchRole } from './role-switch-rule';

export interface RoleSwitcherProps {
  userId: string;
  userType: string;
  onDesktop: boolean;
  /** Called after the session moved to the other identity (the page then reloads its landing). */
  onSwitched: () => void;
}

const NO_ENTRIES: RoleSwitchEntry[] = [];

function isTeacherEntry(entry: RoleSwitchEntry): boolean {
  return entry.id === entry.teacherId;
}

/** The teacher/parent role switcher of the header (spec §2, §6). */
export function RoleSwitcher({ userId, userType, onDesktop, onSwitched }: RoleSwitcherProps) {
  const { t } = useTranslation();
  const entries = useQuery(roleEntriesQuery(userId, userType)).data ?? NO_ENTRIES;
  const [busy, setBusy] = useState(false);

  if (!canSwitchRole({ userType, onDesktop, linkedIdentities: entries.length })) return null;
  const label = (entry: RoleSwitchEntry) =>
    t(isTeacherEntry(entry) ? 'roleSwitch.asTeacher' : 'roleSwitch.asParent', { name: entry.name });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: entries.filter((entry) => entry.current).map((entry) => entry.id),
        items: entries.map((entry) => ({
          key: entry.id,
          label: label(entry),
          disabled: entry.current,
        })),
        onClick: ({ key }) => {
          setBusy(true);
          switchIdentity(key)
            .then((switched) => {
              if (switched) onSwitched();
            })
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
            });
        },
      }}
    >
      <Button
        type="text"
        aria-label={t('roleSwitch.label')}
        loading={busy}
        icon={<SwapOutlined aria-hidden />}
      >
        {t('roleSwitch.label')}
      </Button>
    </Dropdown>
  );
}
