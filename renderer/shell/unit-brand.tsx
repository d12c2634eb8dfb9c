import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../core/i18n/traditional';
import { safeLinkUrl } from '../core/safe-url';
import { useSession } from '../core/session/session-store';

/**
 * The header's unit logo and name (the English name in English); it also sets the document
 * title: the unit's name, or on a page of its own (renderer/pages/signed-in-page.tsx) that
 * page's title followed by the unit's name.
 */
export function UnitBrand({ pageTitle }: { pageTitle?: string } = {}) {
  const { i18n } = useTranslation();
  const local = useServerText();
  const user = useSession((state) => state.user);
  const name =
    user === null
      ? ''
      : local(i18n.language === 'en' && user.unitEnName !== '' ? user.unitEnName : user.unitName);
  const logo = user === null ? null : safeLinkUrl(user.unitImgPath);

  useEffect(() => {
    const title = [pageTitle, name].filter((part) => part !== undefined && part !== '').join(' · ');
    if (title !== '') document.title = title;
  }, [name, pageTitle]);

  return (
    <>
      {logo !== null && (
        <img className="app-header__logo" src={logo} alt="" width={36} height={36} />
      )}
      <span className="app-header__unit" title={name}>
        {name}
      </span>
    </>
  );
}
