import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';

/**
 * A widget in a chunk of its own, loaded when first drawn: the desktop shell's dialogs
 * (shell/desktop-dialogs.tsx) and PH's rarely shown widgets (docs/performance.md, "PH's rare
 * widgets load when first drawn"). The component handed out keeps the widget's type and props:
 * it draws the widget once its chunk is there, and nothing until then.
 */

// The loaded widget is drawn with whatever props the wrapper got; its own type checks them.
type Widget = ComponentType<never>;

function lazyComponent(load: () => Promise<Widget>) {
  return lazy(async () => ({ default: (await load()) as ComponentType<object> }));
}

/** A widget drawn as soon as it is rendered: its chunk loads on the first render. */
export function lazyWidget<C extends Widget>(load: () => Promise<C>): C {
  const Loaded = lazyComponent(load);
  function LazyWidget(props: object): JSX.Element {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWidget as unknown as C;
}

/**
 * A dialog (a widget with an `open` prop): a closed dialog draws nothing, so its chunk loads
 * only when it is first opened; from then on the dialog stays mounted (its closing animation,
 * `afterClose`), as it would be without the chunk.
 */
export function lazyDialog<C extends Widget>(load: () => Promise<C>): C {
  const Loaded = lazyComponent(load);
  function LazyDialog(props: { open?: boolean }): JSX.Element | null {
    const [opened, setOpened] = useState(props.open === true);
    if (props.open === true && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog as unknown as C;
}
