/**
 * The list of items from the application's own back end (backend/server.mjs) in PH's paged
 * container, and the form that adds one in PH's form dialog.
 */
import { Button, Input, PH, Space, Typography, useMemo, useRef, useState } from './ph';
import { API, CODES, key } from './texts';

const { Access, FormDialog, PagedContainer } = PH.ui;
const { Form } = PH.antd;

interface Item {
  id: number;
  title: string;
  owner: string;
  due: string;
}

export function ItemsView() {
  const t = PH.hooks.useT();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const list = useRef<{ reload: () => void; load: (page?: number, size?: number) => void } | null>(
    null,
  );
  const rules = PH.ui.rules();
  const pageApi = useMemo(() => ({ api: API.items, method: 'get' as const }), []);
  const columns = [
    { title: t(key('columns.title')), dataIndex: 'title' },
    { title: t(key('columns.owner')), dataIndex: 'owner', width: 160 },
    { title: t(key('columns.due')), dataIndex: 'due', width: 160 },
  ];
  return (
    <section aria-label={t(key('list'))}>
      <Space className="app-toolbar">
        <Access code={CODES.edit}>
          <Button
            type="primary"
            onClick={() => {
              setOpen(true);
            }}
          >
            {t(key('add'))}
          </Button>
        </Access>
        <Typography.Text role="status">{done}</Typography.Text>
      </Space>
      <PagedContainer<Item> pageApi={pageApi} columns={columns} rowKey="id" listRef={list} />
      <FormDialog
        open={open}
        mode="add"
        initialValues={{}}
        onClose={() => {
          setOpen(false);
        }}
        onSubmit={async (values: Record<string, unknown>, continueAdding: boolean) => {
          await PH.request.postJson(API.save, values);
          setDone(t(key('saved')));
          list.current?.reload();
          if (!continueAdding) setOpen(false);
        }}
      >
        <Form.Item name="title" label={t(key('fields.title'))} rules={[rules.required]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="due" label={t(key('fields.due'))} rules={[rules.required]}>
          <Input type="date" />
        </Form.Item>
      </FormDialog>
    </section>
  );
}
