import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTip } from '../../ui/hover-tip/hover-tip';

/** The header's fullscreen toggle (spec §2); follows Esc and F11 exits too. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const update = () => {
      setFullscreen(document.fullscreenElement !== null);
    };
    document.addEventListener('fullscreenchange', update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
    };
  }, []);

  if (!document.fullscreenEnabled) return null;
  const label = fullscreen ? t('header.exitFullscreen') : t('header.fullscreen');
  return (
    <HoverTip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={fullscreen}
        icon={
          fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />
        }
        onClick={() => {
          const action = fullscreen
            ? document.exitFullscreen()
            : document.documentElement.requestFullscreen();
          action.catch(() => undefined);
        }}
      />
    </HoverTip>
  );
}
