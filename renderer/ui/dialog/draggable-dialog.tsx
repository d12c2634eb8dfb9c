import { DragOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import {
  useCallback,
  useEffect,
  useRef,
  useId,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { throttle } from '../../core/format';
import {
  bodyMaxHeight,
  clampOffset,
  DIALOG_CLOSE_DELAY_MS,
  DIALOG_RESIZE_THROTTLE_MS,
  DIALOG_TOP,
  DIALOG_WIDTH,
  keyMove,
  zIndexAt,
  type Offset,
} from './position';
import { useDialogStack } from './dialog-stack';

export interface DraggableDialogProps {
  open: boolean;
  title: ReactNode;
  /** Asked to close (the close button, or Escape when `escapeCloses`). */
  onClose: () => void;
  /** Called 200 ms after the dialog was hidden (spec §9 close delay): clear its content here. */
  afterClose?: () => void;
  /** Escape closes the dialog (spec §4: "if allowed"); true by default. */
  escapeCloses?: boolean;
  width?: number | string;
  footer?: ReactNode;
  children?: ReactNode;
}

function windowSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * The generic dialog (spec §2, §4, §9): modal, 60 % wide, 15 % from the top, its body at most the
 * window height minus 180 px; draggable by its header with a pointer or, from the header's move
 * button, with the arrow keys; always kept inside the window (also when the window shrinks,
 * handled at most every 50 ms). A backdrop click never closes it; Escape does when allowed. Each
 * dialog takes the next z-index from 1500.
 */
export function DraggableDialog({
  open,
  title,
  onClose,
  afterClose,
  escapeCloses = true,
  width = DIALOG_WIDTH,
  footer = null,
  children,
}: DraggableDialogProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [maxHeight, setMaxHeight] = useState(() => bodyMaxHeight(window.innerHeight));
  const id = useId();
  const depth = useDialogStack((stack) => stack.open.indexOf(id));
  const box = useRef<HTMLDivElement | null>(null);
  const offsetRef = useRef<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointer: Offset; start: Offset } | null>(null);

  /** Moves to an offset, kept inside the window. */
  const moveTo = useCallback((wanted: Offset) => {
    const element = box.current;
    if (!element) {
      setOffset(wanted);
      return;
    }
    const rect = element.getBoundingClientRect();
    const current = offsetRef.current;
    const base = {
      left: rect.left - current.x,
      top: rect.top - current.y,
      width: rect.width,
      height: rect.height,
    };
    const next = clampOffset(wanted, base, windowSize());
    offsetRef.current = next;
    setOffset(next);
  }, []);

  // The modal layer from z-index 1500, one step per dialog open at the same time.
  useEffect(() => {
    if (!open) return undefined;
    useDialogStack.getState().push(id);
    return () => {
      useDialogStack.getState().remove(id);
    };
  }, [open, id]);

  useEffect(() => {
    if (!open) return undefined;
    const onResize = throttle(() => {
      setMaxHeight(bodyMaxHeight(window.innerHeight));
      moveTo(offsetRef.current);
    }, DIALOG_RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [open, moveTo]);

  // Closed: the content stays for the close delay (the closing animation), then is released.
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(() => {
      offsetRef.current = { x: 0, y: 0 };
      setOffset(offsetRef.current);
      afterClose?.();
    }, DIALOG_CLOSE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [open, afterClose]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // The header's buttons keep their clicks.
    if ((event.target as Element).closest('button:not(.ph-dialog__move)')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, start: offsetRef.current };
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const active = drag.current;
    if (!active) return;
    moveTo({
      x: active.start.x + event.clientX - active.pointer.x,
      y: active.start.y + event.clientY - active.pointer.y,
    });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onMoveKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = keyMove(event.key, event.shiftKey);
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    moveTo({ x: offsetRef.current.x + move.x, y: offsetRef.current.y + move.y });
  };

  return (
    <Modal
      open={open}
      centered={false}
      width={width}
      style={{ top: DIALOG_TOP }}
      zIndex={zIndexAt(depth)}
      keyboard={escapeCloses}
      mask={{ closable: false }}
      closable={{ 'aria-label': t('ui.kit.dialog.close') }}
      onCancel={onClose}
      footer={footer}
      styles={{ body: { maxHeight, overflowY: 'auto' } }}
      title={
        <div
          className="ph-dialog__header"
          data-drag-handle=""
          style={{
            cursor: 'move',
            userSelect: 'none',
            touchAction: 'none',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <button
            type="button"
            className="ph-dialog__move"
            aria-label={t('ui.kit.dialog.move')}
            title={t('ui.kit.dialog.move')}
            onKeyDown={onMoveKey}
            style={{ border: 0, background: 'transparent', cursor: 'move', padding: 2 }}
          >
            <DragOutlined aria-hidden />
          </button>
          <span>{title}</span>
        </div>
      }
      modalRender={(node) => (
        <div
          ref={box}
          className="ph-dialog"
          style={{ transform: `translate(${String(offset.x)}px, ${String(offset.y)}px)` }}
        >
          {node}
        </div>
      )}
    >
      {children}
    </Modal>
  );
}
