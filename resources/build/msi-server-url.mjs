// electron-builder's msiProjectCreated hook (electron-builder.yml): adds the deployment
// properties to the MSI and registers the edudesk:// scheme. Each property of MSI_PROPERTIES,
// e.g. `msiexec /i EduDesk-x.y.z.msi SERVER_URL=https://school.example.edu /qn`, is written to
// HKLM\Software\Policies\EduDesk\<value>, the policy the client reads first
// (main/config/policy.ts); every value is written as REG_SZ, which the reader accepts for flags
// ("1"/"0") and numbers too. A repair or an upgrade without the property keeps the value already
// there (the "remember property" pattern: a registry search and a SetProperty after AppSearch);
// a value of another type (a DWORD that Group Policy wrote, which the search answers as "#…") is
// not adopted, so a repair never rewrites it as text.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

export const POLICY_KEY = 'Software\\Policies\\EduDesk';

/** MSI property → policy value (docs/desktop-client.md, "Admin kit and silent install"). */
export const MSI_PROPERTIES = {
  SERVER_URL: 'ServerUrl',
  CLIENT_ID: 'ClientId',
  DISABLE_AUTO_LOGIN: 'DisableAutoLogin',
  DISABLE_THEME_BUTTON: 'DisableThemeButton',
  DISABLE_LANGUAGE_BUTTON: 'DisableLanguageButton',
  DOWNLOAD_DIRECTORY: 'DownloadDirectory',
  BLOCK_DANGEROUS_DOWNLOADS: 'BlockDangerousDownloads',
  DEFAULT_ZOOM: 'DefaultZoom',
  AUTO_LOGIN_MAX_DAYS: 'AutoLoginMaxDays',
  DISABLE_NOTIFICATIONS: 'DisableNotifications',
  CLOSE_TO_TRAY: 'CloseToTray',
  START_AT_LOGIN: 'StartAtLogin',
  DISABLE_PROXY_CREDENTIAL_SAVING: 'DisableProxyCredentialSaving',
  UPDATE_MODE: 'UpdateMode',
  UPDATE_URL: 'UpdateUrl',
  TARGET_VERSION: 'TargetVersion',
};

/** The SERVER_URL component's GUID, from before the other properties: kept for upgrades. */
export const SERVER_URL_COMPONENT_GUID = '83905571-CB73-4C28-9905-C933F492502A';

/** A fixed GUID per component, derived from its id: upgrades and repairs see the same one. */
export function componentGuid(id) {
  if (id === 'EduDeskServerUrlPolicy') return SERVER_URL_COMPONENT_GUID;
  const hex = createHash('sha1').update(`edudesk-msi:${id}`).digest('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-A${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const LINK_SCHEME = 'edudesk';
const EXECUTABLE = 'EduDesk.exe';

function properties() {
  return Object.entries(MSI_PROPERTIES)
    .map(
      ([property, value]) => `
    <Property Id="${property}" Secure="yes"/>
    <Property Id="EDUDESK_SAVED_${property}" Secure="yes">
      <RegistrySearch Id="EduDeskSaved${value}" Root="HKLM" Key="${POLICY_KEY}" Name="${value}" Type="raw"/>
    </Property>
    <SetProperty Id="${property}" Value="[EDUDESK_SAVED_${property}]" After="AppSearch" Sequence="first">NOT ${property} AND EDUDESK_SAVED_${property} AND NOT (EDUDESK_SAVED_${property} &lt;&lt; "#")</SetProperty>`,
    )
    .join('');
}

function components() {
  const policies = Object.entries(MSI_PROPERTIES)
    .map(([property, value]) => {
      const id = `EduDesk${value}Policy`;
      return `
      <Component Id="${id}" Guid="${componentGuid(id)}">
        <Condition>${property}</Condition>
        <RegistryValue Root="HKLM" Key="${POLICY_KEY}" Name="${value}" Type="string" Value="[${property}]" KeyPath="yes"/>
      </Component>`;
    })
    .join('');
  // edudesk://open?path=… links (main/links/deep-link.ts) start the installed client.
  const scheme = `
      <Component Id="EduDeskLinkScheme" Guid="${componentGuid('EduDeskLinkScheme')}">
        <RegistryValue Root="HKLM" Key="Software\\Classes\\${LINK_SCHEME}" Type="string" Value="URL:EduDesk link" KeyPath="yes"/>
        <RegistryValue Root="HKLM" Key="Software\\Classes\\${LINK_SCHEME}" Name="URL Protocol" Type="string" Value=""/>
        <RegistryValue Root="HKLM" Key="Software\\Classes\\${LINK_SCHEME}\\shell\\open\\command" Type="string" Value="&quot;[APPLICATIONFOLDER]${EXECUTABLE}&quot; &quot;%1&quot;"/>
      </Component>`;
  return policies + scheme;
}

/** Adds the properties, their memory, the registry components and the link scheme. */
export function addMsiPolicies(wxs) {
  const product = wxs.indexOf('<MediaTemplate');
  const group = wxs.search(/<ComponentGroup Id="ProductComponents"[^>]*>/);
  if (product < 0 || group < 0) {
    throw new Error('msi-server-url: the WiX project does not have the expected structure');
  }
  if (wxs.includes('EduDeskServerUrlPolicy')) return wxs;
  const groupOpen = wxs.indexOf('>', group) + 1;
  return (
    wxs.slice(0, product) +
    properties().trimStart() +
    '\n    ' +
    wxs.slice(product, groupOpen) +
    components() +
    wxs.slice(groupOpen)
  );
}

/** The name tests/desktop/packaging.test.ts has used since SERVER_URL was the only property. */
export const addServerUrlPolicy = addMsiPolicies;

export async function msiProjectCreated(projectFile) {
  await writeFile(projectFile, addMsiPolicies(await readFile(projectFile, 'utf8')));
}

export default msiProjectCreated;
