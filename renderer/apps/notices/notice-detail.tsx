import type { Notice } from '../../../contract/notices';
import { dateText } from './notice-format';
import { Button, PH, useRef, useState } from './ph';

const { DraggableDialog, print } = PH.ui;

/** The detail of a notice in the draggable dialog, with print. */
export function NoticeDetail({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const t = PH.hooks.useT();
  const article = useRef<HTMLElement | null>(null);
  // The dialog keeps showing the closed notice until it has faded out (afterClose).
  const [shown, setShown] = useState<Notice | null>(notice);
  if (notice && notice !== shown) setShown(notice);
  const current = notice ?? shown;
  return (
    <DraggableDialog
      open={notice !== null}
      title={current?.title ?? ''}
      onClose={onClose}
      afterClose={() => {
        setShown(null);
      }}
      footer={
        <Button
          type="primary"
          autoInsertSpace={false}
          onClick={() => {
            if (article.current) print(article.current, { title: current?.title ?? '' });
          }}
        >
          {t('notices.print')}
        </Button>
      }
    >
      {current && (
        <article ref={article} className="notice-detail">
          {/* On screen the dialog's title names the notice (./notices.css hides this one); the
              printed copy has no dialog, so it keeps it. */}
          <h2 className="notice-detail__title">{current.title}</h2>
          <p className="notice-detail__meta">
            {`${t(`notices.categories.${current.category}`)} · ${current.publisher} · ${dateText(current.publishedAt)}`}
          </p>
          {current.content.split('\n').map((line, index) => (
            <p key={index}>{line}</p>
          ))}
          {current.contact || current.email ? (
            <p className="notice-detail__contact">
              {[current.contact, current.email].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </article>
      )}
    </DraggableDialog>
  );
}
