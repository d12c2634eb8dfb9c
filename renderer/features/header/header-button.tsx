import { Button } from 'antd';
import type { ReactNode } from 'react';
import { HoverTip } from '../../ui/hover-tip/hover-tip';

export interface HeaderButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** An icon button of the header, named for screen readers and with a tooltip. */
export function HeaderButton({ label, icon, onClick }: HeaderButtonProps) {
  return (
    <HoverTip title={label}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} />
    </HoverTip>
  );
}
