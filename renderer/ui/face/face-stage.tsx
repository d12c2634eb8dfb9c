import { CameraOutlined, CheckCircleOutlined, ScanOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { guideOnView, type CssSize } from '../../core/face/capture-size';
import { photoSource } from '../../core/face/face-image';
import { isLive, type FaceState } from '../../core/face/face-machine';
import type { FaceSession } from './use-face-session';

const fill: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
};

const caption: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '2px 8px',
  borderRadius: 4,
  background: 'rgba(0, 0, 0, 0.65)',
  color: '#fff',
  fontSize: 14,
  lineHeight: '22px',
  whiteSpace: 'nowrap',
};

/**
 * The view never shrinks below this by itself (a view given a smaller height keeps it): the widget
 * grows past the viewport instead, on screens too short for anything smaller to be of use.
 */
const MIN_VIEW_HEIGHT = 240;

function minViewHeight(height: CssSize): CssSize {
  return typeof height === 'number'
    ? Math.min(MIN_VIEW_HEIGHT, height)
    : `min(${String(MIN_VIEW_HEIGHT)}px, ${height})`;
}

/** What the stage shows: the live camera, the photo just taken, or the saved photo. */
export function stageContent(state: FaceState): 'photo' | 'video' | 'saved' | 'empty' {
  if (state.photo !== null && !isLive(state) && state.phase !== 'capturing') return 'photo';
  if (state.camera !== 'closed') return 'video';
  if (state.settings.mode === 'collect' && state.saved) return 'saved';
  return 'empty';
}

export function useElementSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      setSize({ width: element.clientWidth, height: element.clientHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return size;
}

interface GuideProps {
  inside: boolean;
  video: { width: number; height: number };
  view: { width: number; height: number };
}

/**
 * The framing guide: a square 35 % of the video's width, centred. Its state is told by the
 * outline (dashed while searching, thick and solid with the face inside), an icon and a text,
 * never by colour alone.
 */
function Guide({ inside, video, view }: GuideProps) {
  const { t } = useTranslation();
  const box = guideOnView(video, view);
  const position: CSSProperties = box
    ? { left: box.left, top: box.top, width: box.size, height: box.size }
    : { left: '32.5%', top: '50%', width: '35%', aspectRatio: '1', transform: 'translateY(-50%)' };
  return (
    <div
      data-face-guide={inside ? 'inside' : 'searching'}
      style={{
        position: 'absolute',
        ...position,
        boxSizing: 'border-box',
        border: inside ? '4px solid #52c41a' : '2px dashed #fff',
        borderRadius: 8,
        boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.6)',
        pointerEvents: 'none',
      }}
    >
      <span
        style={{
          ...caption,
          position: 'absolute',
          left: '50%',
          top: '100%',
          transform: 'translate(-50%, 8px)',
        }}
      >
        {inside ? <CheckCircleOutlined aria-hidden /> : <ScanOutlined aria-hidden />}
        {inside ? t('face.guide.inside') : t('face.guide.searching')}
      </span>
    </div>
  );
}

export interface FaceStageProps {
  session: FaceSession;
  width: CssSize;
  height: CssSize;
}

/**
 * The camera view: mirrored live video, the unmirrored photo, the guide and the countdown. It is
 * the widget's one flex item that shrinks (face-widget.tsx): only the view gets smaller when the
 * widget is capped to the viewport. The video fills the view whatever its shape (`object-fit:
 * cover`, its own aspect ratio kept) and the guide follows the view (guideOnView): the photo
 * keeps its size.
 */
export function FaceStage({ session, width, height }: FaceStageProps) {
  const { t } = useTranslation();
  const { state, videoRef, canvasRef, dispatch } = session;
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const view = useElementSize(stage);
  const [video, setVideo] = useState({ width: 0, height: 0 });
  const shows = stageContent(state);
  const live = isLive(state);

  return (
    <div
      ref={setStage}
      style={{
        position: 'relative',
        width,
        height,
        maxWidth: '100%',
        flex: '0 1 auto',
        minHeight: minViewHeight(height),
        overflow: 'hidden',
        background: '#1f1f1f',
        borderRadius: 8,
      }}
    >
      {/* Mirrored like a mirror: moving left moves left on screen. */}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t('face.preview.video')}
        hidden={shows !== 'video'}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          setVideo({ width: element.videoWidth, height: element.videoHeight });
        }}
        style={{ ...fill, transform: 'scaleX(-1)' }}
      />
      {/* The photo is the real face: not mirrored. */}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('face.preview.photo')}
        hidden={shows !== 'photo'}
        style={fill}
      />
      {shows === 'saved' && state.saved && (
        <img src={photoSource(state.saved.faceImage)} alt={t('face.saved.alt')} style={fill} />
      )}
      {shows === 'empty' && (
        <CameraOutlined
          aria-hidden
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%, -50%)',
            fontSize: 48,
            color: '#8c8c8c',
          }}
        />
      )}
      {live && <Guide inside={state.faceInGuide} video={video} view={view} />}
      {state.phase === 'countdown' && (
        <span
          role="timer"
          aria-label={t('face.countdown', { seconds: state.countdown })}
          style={{
            ...caption,
            position: 'absolute',
            top: 12,
            left: '50%',
            transform: 'translateX(-50%)',
            fontSize: 32,
            lineHeight: '40px',
          }}
        >
          {state.countdown}
        </span>
      )}
      {state.flags.needsClickToStart && state.retry !== null && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            background: 'rgba(0, 0, 0, 0.45)',
          }}
        >
          <Button
            type="primary"
            size="large"
            autoInsertSpace={false}
            onClick={() => {
              dispatch({ type: 'retry' });
            }}
          >
            {t('face.action.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
