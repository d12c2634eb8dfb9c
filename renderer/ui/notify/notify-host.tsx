import { notification } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { attachToastSink, NOTIFY_SPACING_PX, type ToastRequest } from './notify';

/** Renders the toasts of `notify` with antd's notification, inside the app's context. */
export function NotifyHost() {
  const { t } = useTranslation();
  const [api, holder] = notification.useNotification({
    placement: 'topRight',
    top: NOTIFY_SPACING_PX,
    stack: false,
    maxCount: 5,
  });

  useEffect(
    () =>
      attachToastSink((request: ToastRequest) => {
        const common = {
          description: request.description,
          duration: request.duration / 1000,
          closable: { 'aria-label': t('ui.notify.close') },
        };
        if (request.type === 'tostinfo') {
          api.open({ ...common, title: null, className: 'edudesk-tostinfo', role: 'status' });
          return;
        }
        api[request.type]({
          ...common,
          title: request.title ?? t(`ui.notify.${request.type}`),
          role: request.type === 'error' || request.type === 'warning' ? 'alert' : 'status',
        });
      }),
    [api, t],
  );

  return holder;
}
