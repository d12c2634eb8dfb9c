import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { Config, Human } from '@vladmandic/human';
import type { RgbImage } from './face-decode';
import {
  FaceEngineUnavailableError,
  type DetectedFace,
  type FaceDescription,
  type FaceEngine,
} from './face-engine';

/**
 * The face engine on @vladmandic/human (MIT) with TensorFlow.js on its WebAssembly backend: no
 * native module, no network. Models (in the package's models/ folder):
 * - blazeface: face boxes;
 * - facemesh: 468 landmarks, used to align the face crop and as a second face/non-face
 *   confidence (a face's score is the mesh score);
 * - faceres: the 1,024-value embedding compared for recognition.
 */

/** The models the engine needs, as named by Human and its models/ folder. */
const REQUIRED_MODELS = ['blazeface', 'facemesh', 'faceres'] as const;

/** Faces the detector reports at most: two are enough to refuse a picture of several people. */
const MAX_DETECTED = 5;

/**
 * A failed load is remembered this long, so a broken installation answers 503 at once instead
 * of re-reading the models on every request; afterwards the next call tries again.
 */
const RETRY_AFTER_FAILURE_MS = 30_000;

type HumanConstructor = new (config?: Partial<Config>) => Human;
type TfModule = typeof TfCore;
type IoRouter = Parameters<TfModule['io']['registerLoadRouter']>[0];

interface ModelJson {
  modelTopology?: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  modelInitializer?: object;
  weightsManifest: { paths: string[]; weights: TfCore.io.WeightsManifestEntry[] }[];
}

/** Where the pieces are on disk, resolved from the installed packages (not the cwd). */
export interface HumanPaths {
  /** dist/human.node-wasm.js of @vladmandic/human. */
  humanFile: string;
  /** The folder of the *.json / *.bin model files. */
  modelDir: string;
  /** The folder of tfjs-backend-wasm's *.wasm files. */
  wasmDir: string;
}

export function resolveHumanPaths(): HumanPaths {
  const requireHere = createRequire(import.meta.url);
  // The package's export map names subpaths without './', so 'human/dist/human.node-wasm'
  // cannot be imported: resolve the main file and take its sibling.
  const humanDist = path.dirname(requireHere.resolve('@vladmandic/human'));
  const humanFile = path.join(humanDist, 'human.node-wasm.js');
  const requireFromHuman = createRequire(humanFile);
  return {
    humanFile,
    modelDir: path.join(humanDist, '..', 'models'),
    wasmDir: path.dirname(requireFromHuman.resolve('@tensorflow/tfjs-backend-wasm')),
  };
}

function humanConfig(paths: HumanPaths): Partial<Config> {
  const everyTime = { skipFrames: 0, skipTime: 0 };
  return {
    backend: 'wasm',
    wasmPath: `${pathToFileURL(paths.wasmDir).href}/`,
    modelBasePath: `${pathToFileURL(paths.modelDir).href}/`,
    debug: false,
    warmup: 'none',
    // Every request is a different picture: never reuse a previous result (Human's video cache
    // would hand one user's face to the next request).
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        ...everyTime,
        rotation: false,
        maxDetected: MAX_DETECTED,
        return: false,
        minConfidence: 0.2,
        minSize: 0,
      },
      mesh: { ...everyTime, enabled: true },
      description: { ...everyTime, enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      attention: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

/** Reads a model from disk: Node's fetch cannot read file:// URLs, which Human uses here. */
function readModel(file: string): TfCore.io.ModelArtifacts {
  const json = JSON.parse(readFileSync(file, 'utf8')) as ModelJson;
  const dir = path.dirname(file);
  const weights = Buffer.concat(
    json.weightsManifest.flatMap((group) =>
      group.paths.map((p) => readFileSync(path.join(dir, p))),
    ),
  );
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    modelInitializer: json.modelInitializer,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/** Per thread (globalThis): TensorFlow.js is one engine per thread, its router and models too. */
interface ProcessState {
  /** Model files served by our router, by folder, so a load can prove it read them all. */
  served: Map<string, Set<string>>;
  routed: boolean;
  engine?: Promise<FaceEngine>;
  failedAt?: number;
  failure?: Error;
}

const STATE_KEY = Symbol.for('edudesk.face.human-engine');

function processState(): ProcessState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: ProcessState };
  holder[STATE_KEY] ??= { served: new Map(), routed: false };
  return holder[STATE_KEY];
}

function registerFileRouter(tf: TfModule, state: ProcessState): void {
  if (state.routed) return;
  const router = (url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: () => {
        const artifacts = readModel(file);
        const dir = path.dirname(file);
        const served = state.served.get(dir) ?? new Set<string>();
        served.add(path.basename(file, '.json'));
        state.served.set(dir, served);
        return Promise.resolve(artifacts);
      },
    };
  };
  tf.io.registerLoadRouter(router as IoRouter);
  state.routed = true;
}

/** Runs one task at a time: the model is not re-entrant and the CPU is shared anyway. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

class HumanFaceEngine implements FaceEngine {
  private readonly queue = new SerialQueue();

  constructor(
    private readonly human: Human,
    private readonly tf: TfModule,
  ) {}

  describe(image: RgbImage): Promise<FaceDescription> {
    return this.queue.run(async () => {
      const input = this.tf.tensor3d(
        Int32Array.from(image.data),
        [image.height, image.width, 3],
        'int32',
      );
      try {
        const result = await this.human.detect(input);
        if (result.error) throw new Error(`face detection failed: ${result.error}`);
        const faces: DetectedFace[] = result.face.map((face) => ({
          score: face.score,
          box: [face.box[0], face.box[1], face.box[2], face.box[3]],
          embedding: Float32Array.from(face.embedding ?? []),
        }));
        return { faces };
      } finally {
        input.dispose();
      }
    });
  }
}

/**
 * Loads Human with the face models from local files. Rejects with FaceEngineUnavailableError
 * when a model file is missing or could not be read (Human itself only logs such failures).
 */
export async function createHumanEngine(
  paths: HumanPaths = resolveHumanPaths(),
): Promise<FaceEngine> {
  for (const name of REQUIRED_MODELS) {
    if (!existsSync(path.join(paths.modelDir, `${name}.json`))) {
      throw new FaceEngineUnavailableError(`face model ${name} is missing in ${paths.modelDir}`);
    }
  }
  const requireFromHuman = createRequire(paths.humanFile);
  const { Human: HumanClass } = requireFromHuman(paths.humanFile) as { Human: HumanConstructor };
  // The same tfjs-core instance Human uses (it requires it from its own folder).
  const tf = requireFromHuman('@tensorflow/tfjs-core') as TfModule;
  const state = processState();
  registerFileRouter(tf, state);
  const modelDir = path.resolve(paths.modelDir);
  state.served.delete(modelDir);

  const human = new HumanClass(humanConfig(paths));
  try {
    await human.load();
  } catch (error) {
    throw new FaceEngineUnavailableError(
      `face models could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const served = state.served.get(modelDir) ?? new Set<string>();
  const missing = REQUIRED_MODELS.filter((name) => !served.has(name));
  if (missing.length > 0) {
    throw new FaceEngineUnavailableError(`face models could not be loaded: ${missing.join(', ')}`);
  }
  return new HumanFaceEngine(human, tf);
}

/**
 * The engine of the thread (the server's face worker thread, face-worker.ts; the benchmark's
 * main thread): created on the first photo, so server start stays fast, and loaded once. A
 * failed load is retried after RETRY_AFTER_FAILURE_MS.
 */
export function sharedFaceEngine(): Promise<FaceEngine> {
  const state = processState();
  if (state.engine) return state.engine;
  if (
    state.failure &&
    state.failedAt !== undefined &&
    performance.now() - state.failedAt < RETRY_AFTER_FAILURE_MS
  ) {
    return Promise.reject(state.failure);
  }
  const loading = createHumanEngine();
  state.engine = loading;
  loading.catch((error: unknown) => {
    state.engine = undefined;
    state.failedAt = performance.now();
    state.failure =
      error instanceof Error ? error : new FaceEngineUnavailableError('face engine failed');
  });
  return loading;
}
