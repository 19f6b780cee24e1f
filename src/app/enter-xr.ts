import { mat4 } from 'gl-matrix';
import type { HeadsetResolution } from '../render/renderers/eye-native-size';
import { HeadsetRenderer, type HeadsetUi } from '../render/renderers/headset-renderer';
import type { Camera } from '../scene/camera';
import type { Mesh } from '../scene/mesh';
import type { Node } from '../scene/node';
import type { FrameCounters } from '../time/frame-loop';
import { openXrLayer, type XrViewPixels } from '../xr/xr-layer';
import type { XrMode, XrSupport } from '../xr/xr-support';
import { isRigidPose } from '../math/is-rigid-pose';
import { XrInputs } from '../xr/xr-inputs';
import { XrPointers, type XrPointer } from '../xr/xr-pointers';
import type { UiKernel } from '../ui/ui-kernel';
import type { Running } from './run';

/** Where the headset stands, kept up to date by `enterXr`: for a page's status line, a debug panel, tests. */
export interface XrState {
  /** The path frames take to the headset now, or null outside a session. */
  mode: XrMode | null;
  /** How big each eye is drawn in the session: the layer's resolution, or the pixel-art chain's native one. */
  resolution: HeadsetResolution | null;
  /** Views drawn in the last XR frame (2 for a headset). */
  views: number;
  /** XR frames drawn in the current (or last) session. */
  frames: number;
  /**
   * XR frames not drawn in the current (or last) session because the viewer pose was not a pose (a view's matrix not
   * finite or not rigid, as runtimes send while tracking is lost): nothing is drawn for them, as for a frame without
   * a viewer pose.
   */
  badPoseFrames: number;
  /** Why a session is not possible here, when it is not. */
  unavailable: string | null;
  /** Why the last session ended when the engine ended it (its device or context was lost); null otherwise. */
  ended: string | null;
  /** The running session, for code that ends it itself. */
  session: XRSession | null;
  /** Reads back what each eye showed in the last XR frame (WebGL2 layer only; tests compare them). */
  readViews: (() => XrViewPixels[]) | null;
  /** The session's controllers and hands as scene nodes (under the root while the session runs), else null. */
  inputs: XrInputs | null;
  /** Each input source as a pointer: its ray and what it meets (the UI panel's control, a mesh, or nothing). */
  pointers: XrPointer[];
}

/** A fresh `XrState` for a page whose XR support is `support`. */
export function xrState(support: XrSupport): XrState {
  return {
    mode: null,
    views: 0,
    frames: 0,
    badPoseFrames: 0,
    resolution: null,
    unavailable: support.reason,
    session: null,
    readViews: null,
    ended: null,
    inputs: null,
    pointers: [],
  };
}

/** What `enterXr` draws, from which running page, and where it reports. */
export interface XrOptions {
  /** The canvas renderer's `run`: its loop takes the session's frames, its renderer's light, clear colour and (on
   * WebGPU) device are the headset's too. */
  running: Running;
  /** Kept up to date while the session runs (default: a new one; read it from the resolved value's `state`). */
  state?: XrState;
  root: Node;
  camera: Camera;
  support: XrSupport;
  /** Each eye at the layer's resolution (default) or the pixel-art chain's native one. */
  resolution?: HeadsetResolution;
  /**
   * The UI layer, shown in the headset on `panel` (a mesh with a panel material, hidden on the canvas); with `kernel`,
   * controller rays on the panel are pointers into it (`XrPointers`).
   */
  ui?: HeadsetUi & { panel: Mesh; kernel?: UiKernel };
}

const NOTHING_DRAWN: FrameCounters = { drawCalls: 0, triangles: 0 };

/** One eye as either path's layer gives it: the matrices both world passes need. */
interface EyeView {
  eye: XREye;
  projection: Float32Array;
  view: Float32Array;
}

/**
 * Enters an immersive-vr session on the path `support` found (the WebXR/WebGPU binding where the canvas renderer draws
 * with WebGPU and the session grants `webgpu`, else WebGL2's XRWebGLLayer on a context of its own), draws the scene
 * per eye from the session's frames, and gives the frames back to the canvas when the session ends, by the user or by
 * the system (a lost headset device or context ends it, with the reason in `state.ended`). Resolves once the session's
 * frames drive the loop; a failure on the way ends the session and leaves the page on the canvas. The headset starts
 * where the desk camera is: the first pose is mapped onto the camera, so the first frame in VR shows what the canvas
 * showed, and head motion moves from there.
 */
export async function enterXr(options: XrOptions): Promise<{ session: XRSession; state: XrState }> {
  const { running, root, camera, support, ui } = options;
  const xr = options.state ?? xrState(support);
  const renderer = running.renderer;
  const environment = renderer.environment;
  const resolution = options.resolution ?? 'full';
  if (!navigator.xr || !support.mode) throw new Error(support.reason ?? 'WebXR is not available.');
  const wantGpu = support.mode === 'webgpu-binding';
  // Hand tracking is asked for, not required: without it a headset lists no hands, only controllers.
  const session = await navigator.xr.requestSession('immersive-vr', {
    ...(wantGpu ? { requiredFeatures: ['webgpu'] } : {}),
    optionalFeatures: ['hand-tracking'],
  });
  try {
    const space = await session.requestReferenceSpace('local');
    const origin = mat4.create(); // reference space ← world: first head pose × desk camera view
    const inputs = new XrInputs(session);
    let placed = false;
    // The pose's matrices are the browser's (read-only): each eye's product goes into its own reused array.
    const placedViews: Float32Array[] = [];
    const place = (eyes: EyeView[], head: XRRigidTransform) => {
      if (!placed) {
        mat4.multiply(origin, head.matrix, camera.viewMatrix);
        const worldFromSpace = mat4.create();
        if (mat4.invert(worldFromSpace, origin)) inputs.place(worldFromSpace); // rigid: never singular
        placed = true;
      }
      for (let i = 0; i < eyes.length; i++) {
        const eye = eyes[i]!;
        eye.view = mat4.multiply((placedViews[i] ??= new Float32Array(16)), eye.view, origin) as Float32Array;
      }
    };
    const lose = (why: string) => {
      if (xr.session !== session) return;
      xr.ended = `The session ended: ${why}.`;
      void session.end();
    };
    // The WebGPU binding draws with the page's device (a WebGPU renderer made XR-compatible); otherwise the layer
    // brings a WebGL2 device of its own.
    const layer = await openXrLayer(session, renderer.device, wantGpu);
    // The layer is tied to its device: when that is lost the session cannot go on (the canvas recovers by itself).
    const unwatch = layer.device.on('lost', (info) =>
      lose(
        layer.mode === 'webgpu-binding'
          ? `the GPU device was lost (${info.reason || 'unknown'}): enter VR again`
          : 'the headset’s WebGL2 context was lost: enter VR again',
      ),
    );
    let headset: HeadsetRenderer;
    try {
      headset = await HeadsetRenderer.create(layer.device, {
        root,
        format: layer.format,
        environment,
        resolution,
        // `native` per eye: as many texel rows as the canvas renderer's native image has.
        nativeHeight: renderer.graph.native[1],
        ...(ui ? { ui } : {}),
        // The canvas's look, per eye: what its graph has on is what the eyes get, frame by frame.
        look: renderer.look,
      });
    } catch (error) {
      unwatch();
      layer.destroy();
      throw error;
    }
    const pointers = new XrPointers(
      inputs,
      root,
      ui?.kernel
        ? { panel: ui.panel, size: ui.size, kernel: ui.kernel, solid: (ui.background?.[3] ?? 1) >= 0.5 }
        : null,
    );
    // The rig is placed with the first pose, so the sources are read after it and cast before the eyes are drawn.
    const draw = (frame: XRFrame, pose: XRViewerPose, time: number): FrameCounters => {
      const views = layer.views(pose);
      place(views, pose.transform);
      inputs.update(frame, space);
      pointers.update();
      return headset.render(time, views);
    };
    const release = () => {
      unwatch();
      headset.destroy();
      layer.destroy();
    };
    xr.mode = layer.mode;
    xr.readViews = layer.readViews;
    // On the canvas the UI is composited over the frame; in the headset it is a panel in the scene.
    if (ui) ui.panel.visible = true;
    xr.resolution = resolution;
    xr.session = session;
    xr.ended = null;
    xr.frames = 0;
    xr.badPoseFrames = 0;
    root.add(inputs.rig);
    xr.inputs = inputs;
    xr.pointers = pointers.pointers;
    running.xrRender = (sample, frame) => {
      const pose = frame.getViewerPose(space);
      if (!pose) return NOTHING_DRAWN; // tracking lost this frame: nothing to draw from
      // Indexed: this runs every XR frame, and an iterator would be garbage every frame.
      const views = pose.views;
      for (let i = 0; i < views.length; i++)
        if (!isRigidPose(views[i]!.transform.matrix)) {
          xr.badPoseFrames++;
          return NOTHING_DRAWN;
        }
      const counters = draw(frame, pose, sample.elapsed);
      xr.views = pose.views.length;
      xr.frames++;
      return counters;
    };
    session.addEventListener('end', () => {
      running.xrRender = null;
      xr.mode = null;
      xr.session = null;
      xr.readViews = null;
      xr.resolution = null;
      xr.inputs = null;
      xr.pointers = [];
      pointers.dispose();
      inputs.dispose();
      if (ui) ui.panel.visible = false;
      release();
    });
    running.loop.start(); // a page holding a fixed-clock frame has stopped asking for frames
    running.loop.enterSession(session);
    return { session, state: xr };
  } catch (error) {
    if (ui) ui.panel.visible = false;
    await session.end().catch(() => undefined); // nothing half-entered: the page stays on the canvas
    throw error;
  }
}
