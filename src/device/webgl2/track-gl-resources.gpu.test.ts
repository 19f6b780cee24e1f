import { describe, expect, it } from 'vitest';
import { WebGl2Device } from './webgl2-device';
import { HeadsetRenderer } from '../../render/renderers/headset-renderer';
import { Renderer } from '../../render/renderers/renderer';
import { Camera } from '../../scene/camera';
import { boxGeometry, quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiText } from '../../ui/ui-element';
import { trackGlResources, type GlResourceCounts } from './track-gl-resources';

const canvas = () => Object.assign(document.createElement('canvas'), { width: 120, height: 80 });

describe('trackGlResources (real WebGL2)', () => {
  it('counts what is made and deleted, once each; a lost context takes everything', async () => {
    const gl = canvas().getContext('webgl2')!;
    const { counts } = trackGlResources(gl);
    const buffer = gl.createBuffer();
    const texture = gl.createTexture();
    gl.createFramebuffer();
    expect(counts).toMatchObject({ buffers: 1, textures: 1, framebuffers: 1 });
    gl.deleteBuffer(buffer);
    gl.deleteBuffer(buffer); // twice: still one delete
    gl.deleteBuffer(null);
    expect(counts).toMatchObject({ buffers: 0, textures: 1, framebuffers: 1 });
    gl.deleteTexture(texture);
    expect(counts.textures).toBe(0);
    const lost = new Promise((resolve) => gl.canvas.addEventListener('webglcontextlost', resolve));
    gl.getExtension('WEBGL_lose_context')!.loseContext();
    await lost;
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('the WebGL2 renderer: 48 pass toggles and 3 context losses leave its GL objects where they were; destroy() deletes them all', async () => {
    const root = new Node('root');
    root.add(new Mesh('box', boxGeometry(10, 10, 1), new Material('lambert')).setPosition(20, 20, -5));
    const camera = Camera.pixels('eye', 84, 60, 10);
    root.add(camera);
    const ui = new Node('ui').add(new UiText('label', 'HI', [1, 1, 1, 1]));
    let counts: GlResourceCounts | null = null;
    const renderer = await Renderer.create(canvas(), {
      backend: 'webgl2',
      root,
      camera,
      native: [84, 60],
      chain: true,
      ui: { root: ui, atlas: new UiAtlas({}) },
      onDevice: (device) => (counts ??= trackGlResources((device as WebGl2Device).gl).counts),
    });
    renderer.render();
    const steady = { ...counts! };
    expect(steady.textures).toBeGreaterThan(0);
    expect(steady.programs).toBeGreaterThan(0);
    for (let i = 0; i < 48; i++) {
      const pass = ['motionBlur', 'ui', 'crt'][i % 3]!;
      renderer.graph.setEnabled(pass, !renderer.graph.isEnabled(pass));
      renderer.render();
    }
    // 16 toggles each: every pass is back where it was.
    expect({ ...counts! }).toEqual(steady);
    for (let i = 0; i < 3; i++) {
      renderer.simulateLoss();
      await renderer.recovered;
      renderer.render();
      expect({ ...counts! }, `after loss ${i + 1}`).toEqual(steady);
    }
    renderer.destroy();
    expect(
      Object.values(counts!).every((n) => n === 0),
      `after destroy: ${JSON.stringify(counts)}`,
    ).toBe(true);
  });

  it('the headset renderer and its device free every GL object they made, session after session', async () => {
    const gl = canvas().getContext('webgl2')!;
    const { counts } = trackGlResources(gl);
    const root = new Node('root').add(new Mesh('panel', quadGeometry(1, 1), new Material('panel')));
    const ui = { root: new Node('ui'), atlas: new UiAtlas({}), size: [8, 4] as const };
    const eye = { projection: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, -1, 0, 0, -0.2, 0]) };
    for (let session = 0; session < 3; session++) {
      // Each session makes its device on the XR context and destroys it when the session ends (xr-session.ts).
      const device = WebGl2Device.fromContext(gl);
      const target = device.wrapFramebuffer('layer', null, 60, 80);
      const view = {
        color: target,
        depth: target,
        viewport: { x: 0, y: 0, width: 60, height: 80 },
        clear: true,
      };
      const headset = await HeadsetRenderer.create(device, {
        root,
        ui,
        format: 'rgba8unorm',
        resolution: 'native',
        nativeHeight: 20,
      });
      headset.render(0, [
        { ...view, ...eye, view: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -2, 1]) },
      ]);
      headset.destroy();
      device.destroy();
      expect(
        Object.values(counts).every((n) => n === 0),
        JSON.stringify(counts),
      ).toBe(true);
    }
  });
});
