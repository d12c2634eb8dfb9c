import type { Services } from '../services';
import { IdentityLinks } from '../uaa/switch-login-links';
import { AccessDetailsStore } from './access-details';
import { AppsRepository } from './apps-repository';
import { CurrentChildStore } from './current-child';
import { LicencesRepository } from './licences-repository';
import { MessagesRepository } from './messages-repository';
import { ResourceTreeRepository } from './resource-tree';
import { DesktopSettingsRepository } from './settings-repository';

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
  const { db } = services;
  return {
    apps: new AppsRepository(db),
    messages: new MessagesRepository(db),
    licences: new LicencesRepository(db),
    resources: new ResourceTreeRepository(db),
    settings: new DesktopSettingsRepository(db),
    accessDetails: new AccessDetailsStore(db),
    currentChild: new CurrentChildStore(db),
    links: new IdentityLinks(db),
  };
}
