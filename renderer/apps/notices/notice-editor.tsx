import { NOTICE_API } from '../../../contract/notice-api';
import type { Notice } from '../../../contract/notices';
import { categoryOptions } from './notice-format';
import { Form, Input, PH, Select } from './ph';

const { FormDialog } = PH.ui;

interface NoticeFields {
  title: string;
  category: string;
  publisher: string;
  contact: string;
  email: string;
  content: string;
}

/** Add and edit in the form dialog, with the validators of spec §5. */
export function NoticeEditor({
  editing,
  open,
  publisher,
  onClose,
  onSaved,
}: {
  editing: Notice | null;
  open: boolean;
  /** A new notice's publisher: the signed-in user's name. */
  publisher: string;
  onClose: () => void;
  /** Saved: the list says so (list-view.tsx) and reloads. */
  onSaved: () => void;
}) {
  const t = PH.hooks.useT();
  const rules = PH.ui.rules();
  // A missing field is named in its message ("请输入标题"), not left as "required".
  const required = (field: 'title' | 'category' | 'publisher' | 'content') => ({
    required: true,
    whitespace: true,
    message: t(`notices.required.${field}`),
  });
  return (
    <FormDialog<NoticeFields>
      open={open}
      mode={editing ? 'edit' : 'add'}
      // Titled as the button that opened it ("新增通知"), not the widget's bare "新增".
      title={editing ? t('notices.editTitle') : t('notices.add')}
      initialValues={
        editing ? { ...editing } : { category: 'school', publisher, contact: '', email: '' }
      }
      onClose={onClose}
      onSubmit={async (values: NoticeFields, continueAdding: boolean) => {
        await PH.request.postJson(
          NOTICE_API.save,
          editing ? { ...values, id: editing.id } : values,
        );
        onSaved();
        if (!continueAdding) onClose();
      }}
    >
      <Form.Item
        name="title"
        label={t('notices.fields.title')}
        rules={[required('title'), { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="category"
        label={t('notices.fields.category')}
        rules={[required('category')]}
      >
        <Select options={categoryOptions(t)} />
      </Form.Item>
      <Form.Item
        name="publisher"
        label={t('notices.fields.publisher')}
        rules={[required('publisher'), { max: 50 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="contact"
        label={t('notices.fields.contact')}
        rules={[rules.contact, { max: 30 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('notices.fields.email')} rules={[rules.email, { max: 100 }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notices.fields.content')}
        rules={[required('content'), { max: 5000 }]}
      >
        <Input.TextArea rows={5} />
      </Form.Item>
    </FormDialog>
  );
}
