import { API } from '../../../contract/api-paths';
import { SSO_PROVIDERS, type SsoLoginTarget, type SsoProvider } from '../../../contract/sso';
import { appWindowTarget } from '../../../contract/window-targets';
import { submitHiddenForm } from '../../core/form-post';
import { http } from '../../core/http/http';
import { safeLinkUrl } from '../../core/safe-url';
import { isWireRecord, wireText } from '../../core/wire';

function toTarget(value: unknown): SsoLoginTarget | null {
  if (!isWireRecord(value)) return null;
  const code = wireText(value.code);
  const url = safeLinkUrl(value.url);
  if (!(SSO_PROVIDERS as readonly string[]).includes(code) || url === null) return null;
  const method = wireText(value.method).toUpperCase() === 'POST' ? 'POST' : 'GET';
  const fields: Record<string, string> = {};
  if (isWireRecord(value.fields)) {
    for (const [name, field] of Object.entries(value.fields)) fields[name] = wireText(field);
  }
  return { code: code as SsoProvider, method, url, fields };
}

/** The single-sign-on targets the platform offers the user (spec §7 select/login/url). */
export async function fetchSsoTargets(): Promise<SsoLoginTarget[]> {
  const answer = await http.get(API.ssoLoginUrl);
  const list = Array.isArray(answer.data) ? answer.data : [];
  return list.map(toTarget).filter((target) => target !== null);
}

/**
 * Opens haikang or ysy (spec §2): the external single-sign-on page in a new window; ysy gets its
 * signed form posted there. The window is named per application, so the desktop client opens
 * it as an application window. Resolves false when the platform offers no page for the provider.
 * Only http(s) URLs are ever opened.
 */
export async function openSso(provider: SsoProvider): Promise<boolean> {
  const target = (await fetchSsoTargets()).find((entry) => entry.code === provider);
  if (!target) return false;
  if (target.method === 'POST') {
    submitHiddenForm({
      action: target.url,
      method: 'POST',
      target: appWindowTarget(provider),
      fields: target.fields ?? {},
    });
  } else {
    window.open(target.url, appWindowTarget(provider), 'noopener,noreferrer');
  }
  return true;
}
