import type { Node } from '../../scene/node';
import { PIXEL_FONT } from '../../ui/pixel-font';
import type { AtlasFrame, UiAtlas } from '../../ui/ui-atlas';
import { UiElement, UiRect, UiSprite, UiText } from '../../ui/ui-element';
import { updateWorldMatrices } from '../../scene/update-world-matrices';

/** Floats per UI instance: axisX 2, axisY 2, origin 2, size 2, atlas frame 4, colour 4, textured 1 (ui.wgsl's). */
export const FLOATS_PER_INSTANCE = 17;

/**
 * The CPU side of the UI layer, shared by the WebGPU and WebGL2 UI passes: walks the UI tree and writes one instance
 * per visible rect, sprite and glyph into one growing array, allocating nothing per frame.
 */
export class UiPacker {
  instances = new Float32Array(FLOATS_PER_INSTANCE * 256);
  constructor(
    readonly root: Node,
    readonly atlas: UiAtlas,
  ) {}

  /** Writes one instance per visible rect, sprite and glyph, in tree order (later draws over earlier). */
  pack(): number {
    updateWorldMatrices(this.root);
    this.count = 0;
    this.packNode(this.root);
    return this.count;
  }

  private count = 0;

  /** Depth-first; a hidden element hides its children. Allocates nothing per frame. */
  private packNode(node: Node): void {
    if (node instanceof UiElement) {
      if (!node.visible) return;
      if (node instanceof UiRect) this.push(node, 0, 0, node.width, node.height, null);
      else if (node instanceof UiSprite && node.sheet) {
        const trimmed = node.sheet.frames[node.frame]!;
        const f = this.atlas.sheetFrame(node.sheet, node.frame);
        this.push(node, trimmed.offsetX, trimmed.offsetY, f.width, f.height, f);
      } else if (node instanceof UiSprite) {
        const f = this.atlas.sprite(node.sprite);
        this.push(node, 0, 0, f.width, f.height, f);
      } else if (node instanceof UiText && node.font) {
        const glyphs = node.layout!.glyphs;
        for (let k = 0; k < glyphs.length; k++) {
          const g = glyphs[k]!;
          const f = this.atlas.fontGlyph(node.font, g.glyph);
          this.push(node, g.x, g.y, f.width, f.height, f);
        }
      } else if (node instanceof UiText) {
        let column = 0;
        let row = 0;
        for (let k = 0; k < node.text.length; k++) {
          const char = node.text.charAt(k);
          if (char === '\n') {
            row++;
            column = 0;
            continue;
          }
          if (char !== ' ') {
            const f = this.atlas.glyph(char);
            this.push(node, column * PIXEL_FONT.advance, row * PIXEL_FONT.lineHeight, f.width, f.height, f);
          }
          column++;
        }
      }
    }
    const children = node.children;
    for (let i = 0; i < children.length; i++) this.packNode(children[i]!);
  }

  /** One quad: point q of the w×h quad maps to M · Skew · (q + (x, y) − pivot); a frame makes it textured. */
  private push(e: UiElement, x: number, y: number, w: number, h: number, frame: AtlasFrame | null): void {
    if ((this.count + 1) * FLOATS_PER_INSTANCE > this.instances.length) this.grow();
    const m = e.worldMatrix;
    const tx = Math.tan(e.skew[0]);
    const ty = Math.tan(e.skew[1]);
    const axX = m[0]! + ty * m[4]!;
    const axY = m[1]! + ty * m[5]!;
    const ayX = tx * m[0]! + m[4]!;
    const ayY = tx * m[1]! + m[5]!;
    const ox = x - e.pivot[0];
    const oy = y - e.pivot[1];
    const d = this.instances;
    const o = this.count * FLOATS_PER_INSTANCE;
    d[o] = axX;
    d[o + 1] = axY;
    d[o + 2] = ayX;
    d[o + 3] = ayY;
    d[o + 4] = m[12]! + axX * ox + ayX * oy;
    d[o + 5] = m[13]! + axY * ox + ayY * oy;
    d[o + 6] = w;
    d[o + 7] = h;
    d[o + 8] = frame?.x ?? 0;
    d[o + 9] = frame?.y ?? 0;
    d[o + 10] = frame?.width ?? 0;
    d[o + 11] = frame?.height ?? 0;
    d.set(e.color, o + 12);
    d[o + 16] = frame ? 1 : 0;
    this.count++;
  }

  private grow(): void {
    const bigger = new Float32Array(this.instances.length * 2);
    bigger.set(this.instances);
    this.instances = bigger;
  }
}
