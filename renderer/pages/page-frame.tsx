import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A full-page loading state with its reason announced to screen readers. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('ui.loading');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="page-loading__text">{text}</span>
    </div>
  );
}
