import type { SpriteArt } from './ui-atlas';
import { UiSprite } from './ui-element';
import type { CursorShape, UiKernel } from './ui-kernel';

const PALETTE = { K: [0.05, 0.05, 0.08, 1], W: [1, 1, 1, 1], R: [0.9, 0.2, 0.2, 1] } as const;

/** One cursor shape: its frames (UI atlas sprite names), seconds per frame, and the hot spot in its pixels. */
export interface CursorShapeArt {
  frames: readonly string[];
  frameSeconds: number;
  hotSpot: readonly [number, number];
}

/**
 * Armature's engine cursor as pixel art: give `CURSOR_SPRITES` to the UI atlas (`new UiAtlas({ ...CURSOR_SPRITES })`).
 * An arrow, a pointing hand, an open and a closed hand, a text beam, and an animated "locked" sign.
 */
export const CURSOR_SPRITES: Readonly<Record<string, SpriteArt>> = {
  'cursor-arrow': {
    palette: PALETTE,
    rows: [
      'K.......',
      'KK......',
      'KWK.....',
      'KWWK....',
      'KWWWK...',
      'KWWWWK..',
      'KWWWWWK.',
      'KWWWKKKK',
      'KWKWK...',
      'KK.KWK..',
      'K...KWK.',
      '.....KK.',
    ],
  },
  'cursor-pointer': {
    palette: PALETTE,
    rows: [
      '..KK.....',
      '.KWWK....',
      '.KWWK....',
      '.KWWKKKK.',
      '.KWWWWWWK',
      'KKWWWWWWK',
      'KWKWWWWWK',
      'KWWWWWWWK',
      '.KWWWWWK.',
      '..KKKKK..',
    ],
  },
  'cursor-grab': {
    palette: PALETTE,
    rows: [
      '.K.K.K...',
      'KWKWKWK..',
      'KWKWKWKK.',
      'KWWWWWWWK',
      'KWWWWWWWK',
      'KWWWWWWWK',
      '.KWWWWWK.',
      '..KKKKK..',
    ],
  },
  'cursor-grabbing': {
    palette: PALETTE,
    rows: [
      '.........',
      '.........',
      '..KKKKK..',
      '.KWWWWWKK',
      'KWWWWWWWK',
      'KWWWWWWWK',
      '.KWWWWWK.',
      '..KKKKK..',
    ],
  },
  'cursor-text': {
    palette: PALETTE,
    rows: ['KK.KK', '..K..', '..K..', '..K..', '..K..', '..K..', '..K..', 'KK.KK'],
  },
  'cursor-locked-0': {
    palette: PALETTE,
    rows: ['.KKKK.', 'K...KK', 'K..K.K', 'K.K..K', 'KK...K', '.KKKK.'],
  },
  'cursor-locked-1': {
    palette: PALETTE,
    rows: ['.RRRR.', 'R...RR', 'R..R.R', 'R.R..R', 'RR...R', '.RRRR.'],
  },
};

/** Which frames each shape shows, and where its hot spot is. */
export const CURSOR_SHAPES: Readonly<Record<CursorShape, CursorShapeArt>> = {
  arrow: { frames: ['cursor-arrow'], frameSeconds: 1, hotSpot: [0, 0] },
  pointer: { frames: ['cursor-pointer'], frameSeconds: 1, hotSpot: [2, 0] },
  grab: { frames: ['cursor-grab'], frameSeconds: 1, hotSpot: [4, 3] },
  grabbing: { frames: ['cursor-grabbing'], frameSeconds: 1, hotSpot: [4, 4] },
  text: { frames: ['cursor-text'], frameSeconds: 1, hotSpot: [2, 4] },
  locked: { frames: ['cursor-locked-0', 'cursor-locked-1'], frameSeconds: 0.4, hotSpot: [3, 3] },
};

/**
 * The engine-drawn cursor: a UI sprite at the kernel's pointer (whole native pixels), shown while the kernel's cursor
 * is, in the shape the control under it asks for, animated shapes stepping by clock time. Add `sprite` last to the UI
 * root so it is drawn over everything, and hide the system cursor over the canvas (`canvas.style.cursor = 'none'`).
 */
export class UiCursor {
  readonly sprite = new UiSprite('cursor', 'cursor-arrow');
  shape: CursorShape = 'arrow';
  /** Seconds the current shape has shown (its animation's clock). */
  private time = 0;

  constructor(readonly shapes: Readonly<Record<CursorShape, CursorShapeArt>> = CURSOR_SHAPES) {}

  /** Follows the kernel after its update; `dt` is the frame's seconds. */
  update(kernel: UiKernel, dt: number): void {
    const shape = kernel.cursorShape;
    if (shape !== this.shape) {
      this.shape = shape;
      this.time = 0;
    } else this.time += dt;
    const art = this.shapes[shape];
    this.sprite.sprite = art.frames[Math.floor(this.time / art.frameSeconds) % art.frames.length]!;
    this.sprite.visible = kernel.cursorVisible;
    this.sprite.pivot[0] = art.hotSpot[0];
    this.sprite.pivot[1] = art.hotSpot[1];
    this.sprite.setPosition(Math.floor(kernel.pointer.x), Math.floor(kernel.pointer.y), 0);
  }
}
