import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { readTexture } from '../device/webgpu/read-texture';
import { requestGpu } from '../device/webgpu/request-gpu';
import { trackGpuResources } from '../device/webgpu/track-gpu-resources';
import { WebGpuDevice } from '../device/webgpu/webgpu-device';
import { Environment } from '../render/world/environment';
import { HeadsetRenderer } from '../render/renderers/headset-renderer';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { XrGpuLayer, type GpuBindingLike, type GpuSubImageLike } from './xr-gpu-layer';

const EYE = { width: 192, height: 128 };
const IPD = 0.064;
const FOV_Y = Math.PI / 2;

/**
 * A stand-in for Chrome's XRGPUBinding with the spec's shape and checks: the layer is an array texture with one layer
 * per eye (how Chrome allocates a stereo projection layer), asked-for formats and usage are checked, and a sub-image
 * is only handed out for the layer made by this binding and a view of this session.
 */
class FakeBinding implements GpuBindingLike {
  readonly calls: string[] = [];
  color: GPUTexture | null = null;
  depth: GPUTexture | null = null;
  private layer: XRProjectionLayer | null = null;
  constructor(
    readonly session: FakeSession,
    readonly device: GPUDevice,
  ) {
    this.calls.push('new XRGPUBinding');
  }
  getPreferredColorFormat(): GPUTextureFormat {
    this.calls.push('getPreferredColorFormat');
    return 'bgra8unorm';
  }
  createProjectionLayer(init: Parameters<GpuBindingLike['createProjectionLayer']>[0]): XRProjectionLayer {
    this.calls.push(`createProjectionLayer ${init.colorFormat} ${init.depthStencilFormat}`);
    if (init.colorFormat !== 'bgra8unorm') throw new TypeError('colorFormat is not the preferred one');
    if (!((init.textureUsage ?? 0) & GPUTextureUsage.RENDER_ATTACHMENT))
      throw new TypeError('textureUsage must include RENDER_ATTACHMENT');
    const size = [EYE.width, EYE.height, 2];
    // COPY_SRC only so the test can read the eyes back; the engine asked for RENDER_ATTACHMENT.
    const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
    this.color = this.device.createTexture({ size, format: init.colorFormat, usage });
    this.depth = this.device.createTexture({ size, format: init.depthStencilFormat!, usage });
    this.layer = {
      textureWidth: EYE.width,
      textureHeight: EYE.height,
      textureArrayLength: 2,
    } as XRProjectionLayer;
    return this.layer;
  }
  getViewSubImage(layer: XRProjectionLayer, view: XRView): GpuSubImageLike {
    if (layer !== this.layer) throw new TypeError('layer was not made by this binding');
    if (!this.session.layersSet.includes(layer)) throw new TypeError('layer is not in the session’s layers');
    const index = view.eye === 'left' ? 0 : 1;
    this.calls.push(`getViewSubImage ${view.eye}`);
    return {
      colorTexture: this.color!,
      depthStencilTexture: this.depth!,
      viewport: { x: 0, y: 0, width: EYE.width, height: EYE.height },
      getViewDescriptor: () => ({ dimension: '2d', baseArrayLayer: index, arrayLayerCount: 1 }),
    };
  }
}

class FakeSession {
  layersSet: XRProjectionLayer[] = [];
  updateRenderState(state: { layers?: XRProjectionLayer[] }): void {
    this.layersSet = state.layers ?? [];
  }
}

/** A viewer pose at the origin looking down −z, the eyes IPD apart, with the same symmetric projection. */
function pose(): XRViewerPose {
  const projection = mat4.perspective(new Float32Array(16), FOV_Y, EYE.width / EYE.height, 0.1, 100);
  const eye = (name: XREye, x: number): XRView => {
    const matrix = mat4.fromTranslation(new Float32Array(16), [x, 0, 0]);
    const inverse = mat4.invert(new Float32Array(16), matrix);
    return {
      eye: name,
      projectionMatrix: projection as Float32Array,
      transform: { matrix, inverse: { matrix: inverse } },
    } as unknown as XRView;
  };
  return { views: [eye('left', -IPD / 2), eye('right', IPD / 2)] } as unknown as XRViewerPose;
}

/** Mean x of the texels that are the box's colour (bgra: red box → byte 2 high). */
function boxCentre(pixels: Uint8Array): { x: number; count: number } {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 2]! > 200 && pixels[i + 1]! < 50) {
      sum += (i / 4) % EYE.width;
      count++;
    }
  }
  return { x: sum / count, count };
}

describe('XR through the WebGPU binding (a faithful fake of XRGPUBinding, real WebGPU drawing)', () => {
  for (const resolution of ['full', 'native'] as const)
    it(`${resolution} resolution: each eye into its layer of the projection layer, with its own pose: the eyes differ by the stereo offset`, async () => {
      const gpu = await requestGpu();
      const tracker = trackGpuResources(gpu.device);
      const session = new FakeSession();
      let binding: FakeBinding | null = null;
      const Binding = class extends FakeBinding {
        constructor(s: XRSession, device: GPUDevice) {
          super(s as unknown as FakeSession, device);
          binding = this; // eslint-disable-line @typescript-eslint/no-this-alias
        }
      };
      const device = await WebGpuDevice.create({ gpu });
      const layer = XrGpuLayer.create(session as unknown as XRSession, device, Binding);
      expect(layer.format).toBe('bgra8unorm');
      expect(session.layersSet).toEqual([layer.layer]);

      const root = new Node('root');
      const distance = 0.5;
      root.add(
        new Mesh('box', boxGeometry(0.1, 0.1, 0.1), new Material('unlit', [1, 0, 0, 1])).setPosition(
          0,
          0,
          -distance,
        ),
      );
      // Native: 64 rows, each eye's texel a 2×2 block of the layer, drawn into the layer's own format (bgra8unorm).
      const headset = await HeadsetRenderer.create(device, {
        root,
        format: layer.format,
        environment: new Environment({ clearColor: [0, 0, 0.2, 1] }),
        resolution,
        nativeHeight: 64,
      });

      const views = layer.views(pose());
      expect(views.map((v) => [v.eye, v.clear, v.viewport.width, v.viewport.height])).toEqual([
        ['left', true, EYE.width, EYE.height],
        ['right', true, EYE.width, EYE.height], // another array layer: cleared too
      ]);
      const counters = headset.render(0, views);
      expect(counters.drawCalls).toBe(4); // one box, two eyes, each eye's image stretched over its view

      const fake = binding as unknown as FakeBinding;
      expect(fake.calls).toEqual([
        'new XRGPUBinding',
        'getPreferredColorFormat',
        'createProjectionLayer bgra8unorm depth24plus',
        'getViewSubImage left',
        'getViewSubImage right',
      ]);
      const left = await readTexture(gpu.device, fake.color!, 0);
      const right = await readTexture(gpu.device, fake.color!, 1);
      const l = boxCentre(left);
      const r = boxCentre(right);
      expect(l.count).toBeGreaterThan(50); // each eye shows the box
      expect(r.count).toBeGreaterThan(50);
      expect(left).not.toEqual(right);
      // The disparity of the box's front face (unlit: that is what each eye sees) at depth d: focal length in pixels ×
      // IPD / d, 64 × 0.064 / 0.45 = 9.1 px; the left eye sees it further right.
      const focal = EYE.height / 2 / Math.tan(FOV_Y / 2);
      const front = distance - 0.05;
      // Native texels are 2 wide: the disparity is as close as they allow.
      expect(Math.abs(l.x - r.x - (focal * IPD) / front)).toBeLessThan(resolution === 'full' ? 0.5 : 2);
      expect(tracker.errors).toEqual([]);
      headset.destroy();
      device.destroy();
      gpu.device.destroy();
    });

  it('two eyes side by side in one texture layer: only the first clears the shared attachment', async () => {
    const gpu = await requestGpu();
    const session = new FakeSession();
    // A layer as a browser may allocate it for a mono-texture compositor: one array layer, eyes left and right.
    const SideBySide = class extends FakeBinding {
      override getViewSubImage(layer: XRProjectionLayer, view: XRView): GpuSubImageLike {
        const sub = super.getViewSubImage(layer, view);
        const right = view.eye === 'right';
        return {
          ...sub,
          viewport: { x: right ? EYE.width / 2 : 0, y: 0, width: EYE.width / 2, height: EYE.height },
          getViewDescriptor: () => ({ dimension: '2d', baseArrayLayer: 0, arrayLayerCount: 1 }),
        };
      }
    };
    const Binding = class extends SideBySide {
      constructor(s: XRSession, device: GPUDevice) {
        super(s as unknown as FakeSession, device);
      }
    };
    const layer = XrGpuLayer.create(
      session as unknown as XRSession,
      await WebGpuDevice.create({ gpu }),
      Binding,
    );
    for (let frame = 0; frame < 2; frame++) {
      // Every frame starts over: the first eye clears again.
      expect(layer.views(pose()).map((v) => [v.eye, v.clear, v.viewport.x])).toEqual([
        ['left', true, 0],
        ['right', false, EYE.width / 2],
      ]);
    }
    gpu.device.destroy();
  });
});
