import type { ApplicationItem } from '../../contract/desktop';

/** The code of My files among the search's applications: no platform application has it. */
export const MY_FILES_CODE = 'edudesk-my-files';

/** Its icon, beside the desktop's (renderer/public/common/images/). */
export const MY_FILES_ICON = '/common/images/my-files.svg';

/**
 * My files as the desktop's search lists it: a page of the shell, not an application of the
 * unit, found by its name and short name in the user's language (and their pinyin in Chinese).
 */
export function myFilesEntry(name: string, shortName: string, english: boolean): ApplicationItem {
  return {
    code: MY_FILES_CODE,
    zname: english ? '' : name,
    name: english ? '' : name,
    shortName: english ? '' : shortName,
    englishName: english ? name : '',
    englishShortName: english ? shortName : '',
    imgPath: MY_FILES_ICON,
    imgGrayPath: '',
    imgCartoonPath: '',
    iconImg: MY_FILES_ICON,
    menuRoute: '',
    serverId: '',
    deployPath: '',
    frontUserType: '',
    limitUserType: '',
    appType: 0,
    updateStatus: 0,
    unReadCodeCount: 0,
  };
}
