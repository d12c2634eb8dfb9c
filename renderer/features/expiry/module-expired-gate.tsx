import { lazyDialog } from '../../ui/lazy-part';

// antd's dialog family is not part of a page's first download for a block shown only when the
// licence has expired.
const ModuleExpiredBlock = lazyDialog(
  async () => (await import('./module-expired-block')).ModuleExpiredBlock,
);

/** The module-expired block (ModuleExpiredBlock), its code loaded once the licence has expired. */
export function ModuleExpiredGate({ expired }: { expired: boolean }) {
  if (!expired) return null;
  return <ModuleExpiredBlock open />;
}
