import {
  Component,
  createElement,
  lazy,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type JSX,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import './lazy-part.css';

/**
 * A part of a page in a chunk of its own, loaded when first drawn: the desktop shell's dialogs
 * (shell/desktop-dialogs.tsx), the login dialog over a page whose session ended, the login page's
 * rarer views and PH's rarely shown widgets (docs/performance.md, "PH's rare widgets load when
 * first drawn"). The component handed out keeps the part's type and props: it draws the part once
 * its chunk is there, and nothing until then.
 *
 * A part whose chunk cannot be fetched (the server or the network is down) fails in place: the
 * page around it stays, and the part says the network error with a Retry button (a dialog as a
 * small dialog of its own). Retry fetches the chunk again: Chromium does not keep a failed
 * dynamic import, and a failed load is forgotten here, so the next render asks for it anew. A
 * part that throws while it renders fails in place the same way (`PartBoundary`).
 */

// The loaded part is drawn with whatever props the wrapper got; its own type checks them.
type Widget = ComponentType<never>;
type Loaded = ComponentType<object>;

/** The chunk of a part could not be fetched: the network error, not a fault of the part. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PartLoadError';
  }
}

// Links Vite's loader added for a chunk's files (module preloads, style sheets) that failed: kept
// in the page, they would make the next try skip those files as already there.
const failedLinks = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target);
    },
    true,
  );
}

/** Takes out the failed links, so that a retry fetches their files again. */
export function forgetFailedLinks(): void {
  for (const link of failedLinks) link.remove();
  failedLinks.clear();
}

interface PartLoader {
  /** The part's lazy component: it suspends while its chunk loads, and a failed load throws. */
  current: () => Loaded;
  /** Forgets a failed load: the next render loads again. */
  reset: () => void;
}

/**
 * A part's chunk, loaded once, as a lazy component. React keeps a lazy component's failure, so a
 * retry after a failed load gets a new one; a part that loaded keeps its own.
 */
function partLoader(load: () => Promise<Widget>): PartLoader {
  let failed = false;
  const make = () =>
    lazy(async () => {
      try {
        return { default: (await load()) as Loaded };
      } catch (error) {
        failed = true;
        throw new PartLoadError(error);
      }
    });
  let Lazy = make();
  return {
    current: () => Lazy,
    reset() {
      if (!failed) return;
      failed = false;
      Lazy = make();
    },
  };
}

/** Something the failure can be closed by: a dialog's own close callback, if it has one. */
function closeOf(props: object): (() => void) | undefined {
  const callbacks = props as { onClose?: unknown; onCancel?: unknown; onClosed?: unknown };
  const close = callbacks.onClose ?? callbacks.onCancel ?? callbacks.onClosed;
  return typeof close === 'function' ? (close as () => void) : undefined;
}

export interface PartFailedProps {
  error: unknown;
  onRetry: () => void;
  /** Drawn as a dialog of its own (the part was a dialog), closed by this, if given. */
  dialog?: { onClose: (() => void) | undefined };
}

/**
 * What a part that failed shows in its place: the network error (spec §8, in the user's
 * language) when its chunk could not be fetched, else that it could not be shown; and Retry. Its texts are
 * the core's, bundled in the three languages: they show when no language file can be fetched.
 */
export function PartFailed({ error, onRetry, dialog }: PartFailedProps) {
  const { t } = useTranslation();
  const text =
    error instanceof PartLoadError ? t('core.http.networkError') : t('core.partFailed.text');
  const retry = (
    <button type="button" className="part-failed__retry" onClick={onRetry}>
      {t('core.partFailed.retry')}
    </button>
  );
  if (dialog) return <FailedDialog text={text} retry={retry} onClose={dialog.onClose} />;
  return (
    <div className="part-failed" role="alert">
      <span className="part-failed__text">{text}</span>
      {retry}
    </div>
  );
}

/**
 * A failed dialog: a small modal dialog (the browser's own, so that it needs no chunk) that holds
 * the focus while open and gives it back to where it was when it goes.
 */
function FailedDialog({
  text,
  retry,
  onClose,
}: {
  text: string;
  retry: ReactNode;
  onClose: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const textId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Closed before it leaves the page: the browser gives the focus back to the opener.
      dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="part-failed part-failed--dialog"
      aria-labelledby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      <p id={textId} className="part-failed__text" role="alert">
        {text}
      </p>
      <div className="part-failed__actions">
        {onClose && (
          <button type="button" className="part-failed__close" onClick={onClose}>
            {t('core.partFailed.close')}
          </button>
        )}
        {retry}
      </div>
    </dialog>
  );
}

export interface PartBoundaryProps {
  children: ReactNode;
  /** A dialog part: closed, it shows nothing; reopened after a failure, it tries again. */
  dialog?: { open: boolean; onClose: (() => void) | undefined };
  /** Called before a retry: the part's loader forgets its failed load. */
  onRetry?: () => void;
}

interface PartBoundaryState {
  error: unknown;
  failed: boolean;
  attempt: number;
}

/**
 * The error boundary around every lazily loaded part and every page: what fails below it is
 * shown in place (`PartFailed`), never a blank page; Retry draws the part again.
 */
export class PartBoundary extends Component<PartBoundaryProps, PartBoundaryState> {
  override state: PartBoundaryState = { error: undefined, failed: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PartBoundaryState> {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: PartBoundaryProps): void {
    if (this.state.failed && previous.dialog?.open === false && this.props.dialog?.open === true)
      this.retry();
  }

  retry = (): void => {
    forgetFailedLinks();
    this.props.onRetry?.();
    this.setState(({ attempt }) => ({ error: undefined, failed: false, attempt: attempt + 1 }));
  };

  override render(): ReactNode {
    const { children, dialog } = this.props;
    const { error, failed, attempt } = this.state;
    if (!failed) return <PartAttempt key={attempt}>{children}</PartAttempt>;
    if (dialog && !dialog.open) return null;
    return (
      <PartFailed
        error={error}
        onRetry={this.retry}
        {...(dialog ? { dialog: { onClose: dialog.onClose } } : {})}
      />
    );
  }
}

/** One try at drawing the part: a retry starts a fresh one (its state is not kept). */
function PartAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export interface LazyPartOptions {
  /** Shown while the chunk is on its way (by default nothing). */
  loading?: ReactNode;
}

/** A widget drawn as soon as it is rendered: its chunk loads on the first render. */
export function lazyWidget<C extends Widget>(
  load: () => Promise<C>,
  { loading = null }: LazyPartOptions = {},
): C {
  const loader = partLoader(load);
  // The part as loaded so far (a new lazy component after a retry), drawn with the props given.
  function Part(props: object) {
    return createElement(loader.current(), props);
  }
  function LazyWidget(props: object): JSX.Element {
    return (
      <PartBoundary onRetry={loader.reset}>
        <Suspense fallback={loading}>
          <Part {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  return LazyWidget as unknown as C;
}

/**
 * A dialog (a widget with an `open` prop, or open while it is drawn): a closed dialog draws
 * nothing, so its chunk loads only when it is first opened; from then on the dialog stays mounted (its closing animation,
 * `afterClose`, and the focus given back to the button that opened it), as it would be without
 * the chunk. If the chunk cannot be fetched, a small dialog says so in its place.
 */
export function lazyDialog<C extends Widget>(load: () => Promise<C>): C {
  const loader = partLoader(load);
  // The part as loaded so far (a new lazy component after a retry), drawn with the props given.
  function Part(props: object) {
    return createElement(loader.current(), props);
  }
  function LazyDialog(props: { open?: boolean }): JSX.Element | null {
    const open = props.open !== false;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <PartBoundary dialog={{ open, onClose: closeOf(props) }} onRetry={loader.reset}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  return LazyDialog as unknown as C;
}
