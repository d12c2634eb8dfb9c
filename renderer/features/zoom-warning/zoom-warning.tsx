import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notify/notify';
import { isZoomOutOfRange, ZOOM_WARNING_MS, zoomPercent } from './zoom';

/**
 * Warns, for 5 seconds and in the current language, when the browser zoom is below 80 % or
 * above 120 % (spec §5, §8, §9), suggesting 100 % and Ctrl+0. Checked on start and on resize
 * (zooming resizes the viewport); warns again only after the zoom came back into range.
 */
export function ZoomWarning() {
  const { t } = useTranslation();
  useEffect(() => {
    let warned = false;
    function check(): void {
      const percent = zoomPercent(window.devicePixelRatio);
      if (!isZoomOutOfRange(percent)) {
        warned = false;
        return;
      }
      if (warned) return;
      warned = true;
      notify.warning(
        t('zoomWarning.message', { percent }),
        t('zoomWarning.title'),
        ZOOM_WARNING_MS,
      );
    }
    check();
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('resize', check);
    };
  }, [t]);
  return null;
}
