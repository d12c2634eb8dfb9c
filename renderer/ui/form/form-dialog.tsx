import { Button, Form, Modal, type FormInstance } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FORM_DIALOG_HEIGHT_PX, FORM_DIALOG_WIDTH } from './form-dialog-size';

export { FORM_DIALOG_HEIGHT_PX, FORM_DIALOG_WIDTH } from './form-dialog-size';

export type FormDialogMode = 'add' | 'edit';

export interface FormDialogProps<V extends object> {
  open: boolean;
  mode: FormDialogMode;
  /** The dialog title; "Add" or "Edit" in the active language by default. */
  title?: ReactNode;
  /** The values of the record being edited (edit mode), or defaults of a new one (add mode). */
  initialValues?: Partial<V>;
  /**
   * Called with the validated values. `continueAdding` is true for 'submit and add next' (add
   * mode only): the form is then reset and stays open. Reject to keep the dialog as it is.
   */
  onSubmit: (values: V, continueAdding: boolean) => Promise<void> | void;
  onClose: () => void;
  width?: number | string;
  height?: number | string;
  /** The Form.Items; or a function of the form instance. */
  children?: ReactNode | ((form: FormInstance<V>) => ReactNode);
}

/**
 * The add/edit form dialog (spec §2, §4, §5): reset on opening for add and on close; submit
 * validates first and calls the handler only when validation passes, with the continue flag of
 * 'submit and add next' (add mode); add and edit have their own button texts.
 */
export function FormDialog<V extends object>({
  open,
  mode,
  title,
  initialValues,
  onSubmit,
  onClose,
  width = FORM_DIALOG_WIDTH,
  height = FORM_DIALOG_HEIGHT_PX,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState<false | 'submit' | 'next'>(false);
  const initial = useRef(initialValues);
  // Before the reset below (layout effects run in order), so it fills the values of this render.
  useLayoutEffect(() => {
    initial.current = initialValues;
  });

  // A layout effect: the form is reset before the dialog is first painted. As a passive effect it
  // could run after a quick click on Submit (the browser handles input first on a busy PC) and
  // wipe the messages that click had just shown.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial.current) form.setFieldsValue(initial.current);
  }, [open, mode, form]);

  const submit = async (continueAdding: boolean) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      // Validation failed: the fields show their messages; nothing is submitted (spec §5).
      return;
    }
    setBusy(continueAdding ? 'next' : 'submit');
    try {
      await onSubmit(values, continueAdding);
      if (continueAdding) {
        form.resetFields();
        if (initial.current) form.setFieldsValue(initial.current);
      }
    } catch {
      // The handler reported the failure (the request client's toast); the form stays.
    } finally {
      setBusy(false);
    }
  };

  const footer = [
    <Button key="cancel" autoInsertSpace={false} onClick={onClose}>
      {t('ui.kit.formDialog.cancel')}
    </Button>,
    ...(mode === 'add'
      ? [
          <Button
            key="next"
            autoInsertSpace={false}
            loading={busy === 'next'}
            disabled={busy === 'submit'}
            onClick={() => void submit(true)}
          >
            {t('ui.kit.formDialog.submitAndNext')}
          </Button>,
        ]
      : []),
    <Button
      key="submit"
      autoInsertSpace={false}
      type="primary"
      loading={busy === 'submit'}
      disabled={busy === 'next'}
      onClick={() => void submit(false)}
    >
      {mode === 'add' ? t('ui.kit.formDialog.submit') : t('ui.kit.formDialog.save')}
    </Button>,
  ];

  return (
    <Modal
      open={open}
      width={width}
      title={
        title ??
        (mode === 'add' ? t('ui.kit.formDialog.addTitle') : t('ui.kit.formDialog.editTitle'))
      }
      mask={{ closable: false }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
      }}
      forceRender
      footer={footer}
      styles={{ body: { height, overflowY: 'auto' } }}
    >
      <Form<V> form={form} layout="vertical" onFinish={() => void submit(false)}>
        {typeof children === 'function' ? children(form) : children}
        {/* Enter in a field submits (the form's own submit button, hidden). */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
