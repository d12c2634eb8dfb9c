import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadQueue } from '../../core/upload/upload-queue';
import { acceptAttribute, type UploadRules } from '../../core/upload/validate-file';
import { startUpload } from './start-upload';

export interface UploadButtonProps {
  queue: UploadQueue;
  rules?: UploadRules;
  multiple?: boolean;
  /** Pick a whole folder (its files keep their webkitRelativePath, spec §3 directory tree). */
  directory?: boolean;
  label?: ReactNode;
  disabled?: boolean;
  /** Called with the files queued by one selection (a folder's files together). */
  onQueued?: (items: UploadItem[], files: File[]) => void;
}

/**
 * The antd Upload button: it only picks files. Validation (spec §5) and the upload itself are
 * the queue's; antd's own list and request are not used, so a 2 GB file is never read by it.
 */
export function UploadButton({
  queue,
  rules = {},
  multiple = true,
  directory = false,
  label,
  disabled = false,
  onQueued,
}: UploadButtonProps) {
  const { t } = useTranslation();
  const beforeUpload: UploadProps['beforeUpload'] = (file, fileList) => {
    // antd asks once per file with the whole selection: take the selection on its first file.
    if (file === fileList[0]) {
      const items = startUpload(queue, fileList, rules, t);
      onQueued?.(items, fileList);
    }
    return Upload.LIST_IGNORE;
  };
  const accept = acceptAttribute(rules.accept);
  return (
    <Upload
      beforeUpload={beforeUpload}
      multiple={multiple}
      directory={directory}
      showUploadList={false}
      disabled={disabled}
      {...(accept === undefined ? {} : { accept })}
    >
      <Button icon={directory ? <FolderOpenOutlined /> : <UploadOutlined />} disabled={disabled}>
        {label ?? t(directory ? 'upload.selectFolder' : 'upload.select')}
      </Button>
    </Upload>
  );
}
