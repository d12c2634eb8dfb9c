import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useActionTooltip } from './use-action-tooltip';

export interface HeaderButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** An icon button of the header, named for screen readers and with a tooltip. */
export function HeaderButton({ label, icon, onClick }: HeaderButtonProps) {
  const { tooltip, trigger } = useActionTooltip();
  return (
    <Tooltip title={label} {...tooltip}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} {...trigger} />
    </Tooltip>
  );
}
