/** The menu feature's front door: the menus, the icons and the app list the shells use. */
export { recordAccess, saveAppOrder } from './api';
export { AppGrid } from './app-grid';
export { AppSearchBox } from './app-search-box';
export { LEFT_MENU_COLUMN_PX, LeftMenu } from './left-menu';
export { MenuAppIcon } from './menu-app-icon';
export { menuPanelWidth, usesCategorisedMenu } from './menu-fit';
export {
  myAppsQuery,
  prefetchMyAppsOnSignIn,
  resourceTreeQuery,
  unreadCodeCountsQuery,
} from './queries';
export { openSso } from './sso';
export { TopMenu } from './top-menu';
export { AppUnreadCounts, unreadMap } from './unread-counts';
export { useAppNames, useSourceName, type AppNames } from './use-app-names';
export { flatApps, moveCode, rememberRecent, visibleCategories } from './visible-apps';
