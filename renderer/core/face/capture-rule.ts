import { FACE } from '../../../contract/face';
import type { FaceBox, FrameSize } from './face-detector';

/**
 * The auto-capture rule of spec §4 and §9: the guide is a square, 35 % of the video's width,
 * centred on the frame; a face matches when its centre is within 50 px of the guide's centre on
 * both axes and its width within 50 px of the guide's width. More than 8 matching frames take
 * the photo. Centres are compared (not corners) so the rule reads the same on the mirrored
 * preview as on the frame.
 */
export function guideBox(frame: FrameSize, ratio: number = FACE.guideWidthRatio): FaceBox {
  const size = frame.width * ratio;
  return {
    x: (frame.width - size) / 2,
    y: (frame.height - size) / 2,
    width: size,
    height: size,
  };
}

export function isInGuide(
  face: FaceBox,
  frame: FrameSize,
  tolerance: number = FACE.centreTolerancePx,
): boolean {
  const guide = guideBox(frame);
  const dx = face.x + face.width / 2 - (guide.x + guide.width / 2);
  const dy = face.y + face.height / 2 - (guide.y + guide.height / 2);
  return (
    Math.abs(dx) <= tolerance &&
    Math.abs(dy) <= tolerance &&
    Math.abs(face.width - guide.width) <= tolerance
  );
}

/** Whether any face of the frame sits in the guide (a crowd behind the user does not matter). */
export function frameMatches(faces: readonly FaceBox[], frame: FrameSize): boolean {
  return faces.some((face) => isInGuide(face, frame));
}

/** Spec §9: more than 8 matching frames trigger the capture. */
export function shouldCapture(matchingFrames: number): boolean {
  return matchingFrames > FACE.matchingFrames;
}
