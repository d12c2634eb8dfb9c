import { categoryOptions } from './notice-format';
import { Flex, Input, PH, Select, useState, type Node } from './ph';

/** Search by title and filter by category; `children` go at the row's end (the list's buttons). */
export function NoticeFilters({
  onSearch,
  children,
}: {
  onSearch: (title: string, category: string) => void;
  children?: Node;
}) {
  const t = PH.hooks.useT();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  return (
    <Flex gap={8} wrap className="notices-filters" role="search">
      <Input.Search
        aria-label={t('notices.searchTitle')}
        placeholder={t('notices.searchTitle')}
        allowClear
        style={{ width: 260 }}
        value={title}
        enterButton={t('notices.search')}
        onChange={(event: { target: { value: string } }) => {
          setTitle(event.target.value);
        }}
        onSearch={(value: string) => {
          onSearch(value, category);
        }}
      />
      <Select
        aria-label={t('notices.category')}
        style={{ width: 160 }}
        value={category}
        options={[{ value: '', label: t('notices.allCategories') }, ...categoryOptions(t)]}
        onChange={(value: unknown) => {
          const chosen = typeof value === 'string' ? value : '';
          setCategory(chosen);
          onSearch(title, chosen);
        }}
      />
      {children ?? null}
    </Flex>
  );
}
