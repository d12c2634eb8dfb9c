import type { Services } from '../services';
import { IdentityLinks } from '../uaa/switch-login-links';
import { AccessDetailsStore } from './access-details';
import { AppsRepository } from './apps-repository';
import { CurrentChildStore } from './current-child';
import { LicencesRepository } from './licences-repository';
import { MessagesRepository } from './messages-repository';
import { ResourceTreeRepository } from './resource-tree';
import { DesktopSettingsRepository } from './settings-repository';
import { hiddenAppCodes } from '../sso/sso-partners';

/** The desktop calls' stores, built once per app on the shared database. */
export interface DesktopServices {
  apps: AppsRepository;
  messages: MessagesRepository;
  licences: LicencesRepository;
  resources: ResourceTreeRepository;
  settings: DesktopSettingsRepository;
  accessDetails: AccessDetailsStore;
  currentChild: CurrentChildStore;
  links: IdentityLinks;
}

export interface DesktopPluginOptions {
  services: Services;
  desktop: DesktopServices;
}

export function createDesktopServices(services: Services): DesktopServices {
  const { sql } = services;
  return {
    apps: new AppsRepository(sql, hiddenAppCodes(services.options)),
    messages: new MessagesRepository(sql, services.unreadCounts),
    licences: new LicencesRepository(sql),
    resources: new ResourceTreeRepository(sql),
    settings: new DesktopSettingsRepository(sql),
    accessDetails: new AccessDetailsStore(sql),
    currentChild: new CurrentChildStore(sql),
    links: new IdentityLinks(sql),
  };
}
