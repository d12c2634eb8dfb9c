import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyDataProps {
  /** The text under the picture; "No data" in the active language by default. */
  description?: ReactNode;
  /** A small picture (in tables and lists) or the large one. */
  simple?: boolean;
  children?: ReactNode;
}

/**
 * The empty-data placeholder (spec §1): antd's Empty with the kit's text. It is also the kit's
 * default for empty tables and lists (AppProvider's renderEmpty).
 */
export function EmptyData({ description, simple = true, children }: EmptyDataProps) {
  const { t } = useTranslation();
  return (
    <Empty
      className="ph-empty"
      image={simple ? Empty.PRESENTED_IMAGE_SIMPLE : Empty.PRESENTED_IMAGE_DEFAULT}
      description={<span role="status">{description ?? t('ui.kit.empty')}</span>}
    >
      {children}
    </Empty>
  );
}
