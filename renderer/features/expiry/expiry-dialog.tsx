import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleExpiryItem } from '../../../contract/desktop';
import { useQuery } from '../../core/query/use-query';
import { fetchUnitLicences } from './api';
import { ExpiryTable, type ExpiryItemSource } from './expiry-table';

const NO_ITEMS: ModuleExpiryItem[] = [];

/** Dialog width (spec §9: dialogs other than theme and about are 400 or 500 px). */
export const EXPIRY_DIALOG_WIDTH = 500;

export interface ExpiryDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * The modules to show, e.g. those of an openWay 1 message. When absent (undefined or null),
   * the unit's licences are loaded from license/unit_oam with `unitId`.
   */
  modules?: readonly ExpiryItemSource[] | null;
  unitId?: string;
}

function UnitLicences({ unitId }: { unitId: string }) {
  const licences = useQuery({
    key: ['unit-licences', unitId],
    fetch: () => fetchUnitLicences(unitId),
  });
  // A failure is reported by the request client (§8 toast); the table is then empty.
  return <ExpiryTable items={licences.data ?? NO_ITEMS} loading={licences.status === 'pending'} />;
}

/**
 * The module-expiry dialog (spec §2, §4): the expiry table of the given modules (an openWay 1
 * message) or of the unit's licences (a header or footer entry). An ordinary dialog: it closes
 * by its button, its close icon, Esc or the backdrop. The blocking one is ModuleExpiredBlock.
 */
export function ExpiryDialog({ open, onClose, modules, unitId }: ExpiryDialogProps) {
  const { t } = useTranslation();
  let body;
  if (modules) body = <ExpiryTable items={modules} />;
  else if (unitId !== undefined && unitId !== '') body = <UnitLicences unitId={unitId} />;
  else body = <ExpiryTable items={[]} />;
  return (
    <Modal
      open={open}
      title={t('expiry.dialogTitle')}
      onCancel={onClose}
      width={EXPIRY_DIALOG_WIDTH}
      destroyOnHidden
      closable={{ 'aria-label': t('expiry.close') }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('expiry.ok')}
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
