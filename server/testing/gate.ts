/**
 * A promise and the function that opens it, for a test that holds work at a point it chooses
 * (a transaction kept open, a caller let through). Opening it again does nothing.
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
