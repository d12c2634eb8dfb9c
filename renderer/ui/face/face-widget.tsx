import {
  CameraOutlined,
  CloseOutlined,
  LoginOutlined,
  ReloadOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  FACE,
  type FaceClockingData,
  type FaceRecord,
  type FaceWidgetMode,
} from '../../../contract/face';
import { captureSize } from '../../core/face/capture-size';
import { createFaceEnv, type FaceEnv } from '../../core/face/face-env';
import { FACE_PHOTO_TYPES } from '../../core/face/face-image';
import {
  faceSettings,
  isLive,
  mayOpenCamera,
  mayTakePhoto,
  maySave,
  mayUploadFile,
} from '../../core/face/face-machine';
import { FaceStage } from './face-stage';
import { faceStatusText } from './face-status';
import { useFaceSession } from './use-face-session';

export interface FaceWidgetProps {
  /**
   * Spec §2: 'login', 'orther' (clock-in or confirm; its button reads OK) or 'collect'.
   * Defaults to collect (spec §3).
   */
  mode?: FaceWidgetMode;
  /** Spec §3's name of the mode setting (as platform pages pass it); `mode` wins. */
  type?: string;
  /** Capture by itself when the face sits in the guide (spec §3, default true). */
  autoCheck?: boolean;
  /** The camera view's size on wide viewports (spec §9; number of px or a CSS length). */
  width?: number | string;
  height?: number | string;
  /** Whose photo collect mode shows and saves (required in collect mode). */
  userId?: string;
  /** Seconds of the waiting countdown before tracking (spec §3, default 3). */
  waitTime?: number;
  /** The photo's size (spec §3, default 480 × 480). */
  resultWidth?: number;
  resultHeight?: number;
  /** Collect: the photo was saved. Login: called just before the page reloads. */
  onSuccess?: (record?: FaceRecord) => void;
  /** Clock-in: the server's answer, as user info. */
  onUserInfo?: (data: FaceClockingData) => void;
  /** Login and clock-in: the cancel button. */
  onCancel?: () => void;
  /** Collect: the close button. */
  onClose?: () => void;
  /** Collect without a userId: 'userId is not find'. */
  onError?: (error: Error) => void;
  /** Replaces browser pieces (camera, detector, canvas, reload); tests pass fakes. */
  env?: Partial<FaceEnv>;
}

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
  };
}

function viewportSnapshot(): string {
  const body = document.body as HTMLElement | null;
  return `${String(window.innerWidth)}|${String(body?.clientWidth ?? 0)}|${String(body?.clientHeight ?? 0)}`;
}

/** Spec §9 capture size, kept up to date when the window is resized. */
function useCaptureSize(width: number | string | undefined, height: number | string | undefined) {
  const snapshot = useSyncExternalStore(subscribeResize, viewportSnapshot, () => '1024|0|0');
  const [viewportWidth = 0, bodyWidth = 0, bodyHeight = 0] = snapshot.split('|').map(Number);
  return captureSize({ viewportWidth, bodyWidth, bodyHeight, width, height });
}

/**
 * Room a page's sticky header takes at the top of the viewport (renderer/styles.css sets
 * `--edudesk-header-height` for the shell's header), and a little air around the widget.
 */
const SCROLL_MARGIN_TOP = 'calc(var(--edudesk-header-height, 0px) + 8px)';
const SCROLL_MARGIN_BOTTOM = 8;
/**
 * The widget is never taller than the viewport leaves room for below a sticky header, with its
 * scroll margins: its camera view shrinks (a flex item) so that the lines and buttons below it,
 * however they wrap, stay on screen with it once the widget is scrolled into view. The browser's
 * own layout sizes it, so the widget has its final height already when it is scrolled into view
 * (a size measured afterwards left the buttons just below a phone's screen).
 */
const MAX_HEIGHT = `calc(100dvh - var(--edudesk-header-height, 0px) - ${String(8 + SCROLL_MARGIN_BOTTOM)}px)`;
/** The gap between the view and what is below it. */
const GAP = 12;

/**
 * The widget's buttons turn on and off by themselves as the camera opens and closes: drawn at
 * once (a fade from antd's disabled look to the primary fill passes through colours neither
 * reads on), fully opaque while loading (antd's 65 % lets the fill show through white text), and
 * readable while disabled (antd's grey text on its grey fill is 1.8:1; this one is 6.4:1).
 */
const BUTTON_STYLE: CSSProperties = { transition: 'none', opacity: 1 };
const DISABLED_BUTTON_STYLE: CSSProperties = { ...BUTTON_STYLE, color: '#595959' };

function buttonStyle(disabled: boolean): CSSProperties {
  return disabled ? DISABLED_BUTTON_STYLE : BUTTON_STYLE;
}

/**
 * When the camera starts, the whole widget (the camera view and its buttons) is brought into
 * view below any sticky header: the user pressed a button under the view, or opened face login
 * on a short screen, and must see both what the camera sees and the buttons that act on it.
 */
function useShowWhenCameraStarts(section: HTMLElement | null, cameraOn: boolean): void {
  useEffect(() => {
    if (!cameraOn || !section) return;
    // jsdom has no layout and no scrollIntoView.
    if (typeof section.scrollIntoView !== 'function') return;
    section.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section, cameraOn]);
}

/**
 * The face widget (spec §2, §4): face login, clock-in (orther) and photo collection, with a
 * live mirrored camera view, a framing guide, a countdown, automatic capture by tracking.js in
 * a Web Worker, and an aria-live status line. Settings are read when it mounts; give it a new
 * `key` to start over with others. Loadable lazily: `lazy(() => import('…/face-widget'))`.
 */
export function FaceWidget(props: FaceWidgetProps) {
  const { t } = useTranslation();
  const [env] = useState(() => createFaceEnv(props.env));
  const [settings] = useState(() =>
    faceSettings({
      mode: props.mode ?? props.type,
      autoCheck: props.autoCheck,
      waitTime: props.waitTime,
      userId: props.userId,
    }),
  );
  const session = useFaceSession(
    settings,
    env,
    {
      width: props.resultWidth ?? FACE.resultWidth,
      height: props.resultHeight ?? FACE.resultHeight,
    },
    { onSuccess: props.onSuccess, onUserInfo: props.onUserInfo, onError: props.onError },
  );
  const size = useCaptureSize(props.width, props.height);
  const fileRef = useRef<HTMLInputElement>(null);
  const [section, setSection] = useState<HTMLElement | null>(null);
  const statusId = useId();
  const { state, dispatch } = session;
  const { flags } = state;
  const mode = state.settings.mode;
  useShowWhenCameraStarts(section, state.camera !== 'closed');

  const close = () => {
    dispatch({ type: 'close' });
    if (mode === 'collect') props.onClose?.();
    else props.onCancel?.();
  };

  const busy = state.phase === 'saving' || state.phase === 'capturing';
  const off = {
    openCamera: !mayOpenCamera(state),
    takePhoto: !isLive(state) || !mayTakePhoto(state),
    retake:
      !flags.hasGotPhoto ||
      busy ||
      state.phase === 'initialising' ||
      (flags.repeatPhotoChosen && !flags.photoCollected),
    save: !maySave(state),
    upload: !mayUploadFile(state),
    submit: !isLive(state),
  };
  const buttons =
    mode === 'collect' ? (
      <>
        <Button
          icon={<CameraOutlined aria-hidden />}
          disabled={off.openCamera}
          style={buttonStyle(off.openCamera)}
          onClick={() => {
            dispatch({ type: 'open-camera' });
          }}
        >
          {t('face.action.openCamera')}
        </Button>
        <Button
          type="primary"
          autoInsertSpace={false}
          disabled={off.takePhoto}
          style={buttonStyle(off.takePhoto)}
          onClick={() => {
            dispatch({ type: 'take-photo' });
          }}
        >
          {t('face.action.takePhoto')}
        </Button>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          autoInsertSpace={false}
          disabled={off.retake}
          style={buttonStyle(off.retake)}
          onClick={() => {
            dispatch({ type: 'retake' });
          }}
        >
          {t('face.action.retake')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          autoInsertSpace={false}
          disabled={off.save}
          style={buttonStyle(off.save)}
          loading={flags.collectLoading}
          onClick={() => {
            dispatch({ type: 'save' });
          }}
        >
          {t('face.action.save')}
        </Button>
        {flags.initialised && (!flags.canOpenCamera || !flags.hasCamera) && (
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={off.upload}
            style={buttonStyle(off.upload)}
            onClick={() => fileRef.current?.click()}
          >
            {t('face.action.upload')}
          </Button>
        )}
        <Button
          icon={<CloseOutlined aria-hidden />}
          autoInsertSpace={false}
          style={BUTTON_STYLE}
          onClick={close}
        >
          {t('face.action.close')}
        </Button>
      </>
    ) : (
      <>
        <Button
          type="primary"
          icon={<LoginOutlined aria-hidden />}
          autoInsertSpace={false}
          disabled={off.submit}
          style={buttonStyle(off.submit)}
          loading={state.phase === 'submitting'}
          onClick={() => {
            dispatch({ type: 'take-photo' });
          }}
        >
          {mode === 'login' ? t('face.action.login') : t('face.action.ok')}
        </Button>
        <Button autoInsertSpace={false} style={BUTTON_STYLE} onClick={close}>
          {t('face.action.cancel')}
        </Button>
      </>
    );

  return (
    <section
      ref={setSection}
      aria-label={t(`face.title.${mode}`)}
      aria-describedby={statusId}
      data-face-phase={state.phase}
      data-detect-fps={session.fps}
      style={{
        display: 'inline-flex',
        flexDirection: 'column',
        gap: GAP,
        maxWidth: '100%',
        maxHeight: MAX_HEIGHT,
        scrollMarginTop: SCROLL_MARGIN_TOP,
        scrollMarginBottom: SCROLL_MARGIN_BOTTOM,
      }}
    >
      <FaceStage session={session} width={size.width} height={size.height} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: GAP, flexShrink: 0 }}>
        {mode === 'collect' && (
          <p style={{ margin: 0 }}>
            {state.saved
              ? t('face.saved.time', { time: state.saved.registerTime })
              : t('face.saved.none')}
          </p>
        )}
        <p id={statusId} role="status" aria-live="polite" aria-atomic="true" style={{ margin: 0 }}>
          {faceStatusText(t, state)}
        </p>
        <Space wrap>{buttons}</Space>
      </div>
      {mode === 'collect' && (
        <input
          ref={fileRef}
          type="file"
          accept={FACE_PHOTO_TYPES.join(',')}
          hidden
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) session.pickFile(file);
          }}
        />
      )}
    </section>
  );
}

export default FaceWidget;
