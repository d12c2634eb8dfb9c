import { useLayoutEffect, useRef } from 'react';

/**
 * Publishes the height of the element the returned ref is put on as the CSS variable `name` on
 * the document, kept current as it changes; removed on unmount. Toasts are portalled to the body
 * and start below the mobile header with it, whose height follows its safe-area inset and lines.
 */
export function usePublishedHeight<T extends HTMLElement>(name: `--${string}`) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const root = document.documentElement.style;
    const publish = () => {
      root.setProperty(name, `${String(element.offsetHeight)}px`);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [name]);
  return ref;
}
