import { DESKTOP_API } from '../../../contract/api-paths';
import type { ModuleExpiryItem } from '../../../contract/desktop';
import { http } from '../../core/http/http';

/**
 * Whether the unit holds an unexpired licence for the module (spec §7 license/unit: a boolean
 * in data). Anything but true (or 'true' from a lenient server) counts as not licensed.
 */
export async function checkModuleLicence(unitId: string, serverId: string): Promise<boolean> {
  const envelope = await http.get(DESKTOP_API.licenseUnit, { unitId, serverId });
  return envelope.data === true || envelope.data === 'true';
}

function toItem(value: unknown): ModuleExpiryItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.code !== 'string' || raw.code === '') return null;
  const endTimestamp = typeof raw.endTimestamp === 'number' ? raw.endTimestamp : Number.NaN;
  const dqstatus = raw.dqstatus === 2 || raw.dqstatus === 3 ? raw.dqstatus : 1;
  return {
    code: raw.code,
    name: typeof raw.name === 'string' ? raw.name : raw.code,
    endTime: typeof raw.endTime === 'string' ? raw.endTime : '',
    endTimestamp,
    dqstatus,
    statusText: typeof raw.statusText === 'string' ? raw.statusText : '',
  };
}

/** The unit's module licences for the expiry table (spec §7 license/unit_oam). */
export async function fetchUnitLicences(unitId: string): Promise<ModuleExpiryItem[]> {
  const envelope = await http.get(DESKTOP_API.licenseUnitOam, { unitId });
  if (!Array.isArray(envelope.data)) return [];
  return (envelope.data as unknown[]).map(toItem).filter((item) => item !== null);
}
