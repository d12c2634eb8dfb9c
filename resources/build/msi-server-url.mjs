// electron-builder's msiProjectCreated hook (electron-builder.yml): adds the SERVER_URL property
// to the MSI. `msiexec /i EduDesk-x.y.z.msi SERVER_URL=https://school.example.edu /qn` writes it
// to HKLM\Software\Policies\EduDesk\ServerUrl, the policy value the client reads first
// (main/config/policy.ts). A repair or an upgrade without SERVER_URL keeps the value already
// there (the "remember property" pattern: a registry search and a SetProperty after AppSearch).
import { readFile, writeFile } from 'node:fs/promises';

/** The registry component's GUID: fixed, so upgrades and repairs treat it as the same one. */
export const SERVER_URL_COMPONENT_GUID = '83905571-CB73-4C28-9905-C933F492502A';
export const POLICY_KEY = 'Software\\Policies\\EduDesk';

const PROPERTIES = `
    <Property Id="SERVER_URL" Secure="yes"/>
    <Property Id="EDUDESK_SAVED_SERVER_URL" Secure="yes">
      <RegistrySearch Id="EduDeskSavedServerUrl" Root="HKLM" Key="${POLICY_KEY}" Name="ServerUrl" Type="raw"/>
    </Property>
    <SetProperty Id="SERVER_URL" Value="[EDUDESK_SAVED_SERVER_URL]" After="AppSearch" Sequence="first">NOT SERVER_URL AND EDUDESK_SAVED_SERVER_URL</SetProperty>
`;

const COMPONENT = `
      <Component Id="EduDeskServerUrlPolicy" Guid="${SERVER_URL_COMPONENT_GUID}">
        <Condition>SERVER_URL</Condition>
        <RegistryValue Root="HKLM" Key="${POLICY_KEY}" Name="ServerUrl" Type="string" Value="[SERVER_URL]" KeyPath="yes"/>
      </Component>`;

/** Adds the property, its memory and the registry component to electron-builder's WiX project. */
export function addServerUrlPolicy(wxs) {
  const product = wxs.indexOf('<MediaTemplate');
  const group = wxs.search(/<ComponentGroup Id="ProductComponents"[^>]*>/);
  if (product < 0 || group < 0) {
    throw new Error('msi-server-url: the WiX project does not have the expected structure');
  }
  if (wxs.includes('EduDeskServerUrlPolicy')) return wxs;
  const groupOpen = wxs.indexOf('>', group) + 1;
  return (
    wxs.slice(0, product) +
    PROPERTIES.trimStart() +
    '    ' +
    wxs.slice(product, groupOpen) +
    COMPONENT +
    wxs.slice(groupOpen)
  );
}

export async function msiProjectCreated(projectFile) {
  await writeFile(projectFile, addServerUrlPolicy(await readFile(projectFile, 'utf8')));
}

export default msiProjectCreated;
