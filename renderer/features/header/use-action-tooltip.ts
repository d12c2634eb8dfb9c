import { useRef, useState, type PointerEvent } from 'react';

/**
 * A tooltip for a button that acts (opens a dialog or a sheet): shown on a mouse's hover only.
 * A tap on a touch screen fires the hover too, and antd's tooltip then stays over the sheet the
 * tap opened until the next tap elsewhere; a click closes it, so it does not linger over the
 * dialog the click opened either.
 */
export function useActionTooltip() {
  const [open, setOpen] = useState(false);
  const byMouse = useRef(true);
  const pointer = (event: PointerEvent) => {
    byMouse.current = event.pointerType === 'mouse';
    if (!byMouse.current) setOpen(false);
  };
  return {
    /** Props of the antd Tooltip. */
    tooltip: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next && byMouse.current);
      },
    },
    /** Props of the button it describes. */
    trigger: {
      onPointerEnter: pointer,
      onPointerDown: pointer,
      onClickCapture: () => {
        setOpen(false);
      },
    },
  };
}
