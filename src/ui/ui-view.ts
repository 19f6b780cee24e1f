import type { BitmapFont } from './bitmap-font';
import { Node } from '../scene/node';
import { PIXEL_FONT } from './pixel-font';
import { layoutText } from './text-layout';
import { UiRect, UiText } from './ui-element';
import type { ScreenRect, UiBox } from './ui-box';
import type { ControlKind, UiControl } from './ui-control';
import type { UiKernel } from './ui-kernel';

/** A colour as red, green, blue and alpha, each 0…1. */
export type Rgba = readonly [number, number, number, number];

/** The look of the kernel's boxes and controls: colours by kind and the changes each state makes. */
export interface UiTheme {
  box: Rgba;
  kinds: Readonly<Record<ControlKind, Rgba>>;
  /** Labels, field text and the checkbox's tick. */
  ink: Rgba;
  caret: Rgba;
  selection: Rgba;
  /** The frame around a field being edited. */
  editFrame: Rgba;
  /** The one-pixel ring around the control focused by keys or a pad (the mouse's focus shows by its fill alone). */
  focusRing: Rgba;
  /** How much focus lightens a control, hover (without focus) lightens it, and pressing darkens it (0…1). */
  focusLighten: number;
  hoverLighten: number;
  pressDarken: number;
}

/**
 * Seed 004's test look: yellow statics, green buttons, red sliders, blue fields, purple checkboxes, slate keys, grey
 * box; locked is greyscale.
 */
export const DEFAULT_UI_THEME: UiTheme = {
  box: [0.22, 0.22, 0.24, 1],
  kinds: {
    static: [0.85, 0.75, 0.15, 1],
    button: [0.2, 0.65, 0.25, 1],
    slider: [0.75, 0.2, 0.2, 1],
    text: [0.2, 0.35, 0.8, 1],
    checkbox: [0.55, 0.3, 0.7, 1],
    key: [0.35, 0.38, 0.45, 1],
  },
  ink: [1, 1, 1, 1],
  caret: [1, 1, 1, 1],
  selection: [0.95, 0.6, 0.2, 1],
  editFrame: [1, 1, 1, 1],
  focusRing: [0.95, 0.6, 0.2, 1],
  focusLighten: 0.35,
  hoverLighten: 0.15,
  pressDarken: 0.3,
};

/** How the view draws. */
export interface UiViewOptions {
  theme?: UiTheme;
  /** Text in a bitmap font the UI atlas holds (default the 3×5 pixel font, whose missing characters show as "?"). */
  font?: BitmapFont | null;
}

/** The nodes drawing one control (made once, updated each frame). */
interface ControlNodes {
  control: UiControl;
  frame: UiRect;
  body: UiRect;
  selection: UiRect;
  mark: UiRect;
  caret: UiRect;
  text: UiText;
  /** The text last measured and its width in pixels (measured again only when the text changes). */
  measured: string;
  width: number;
}

/**
 * Draws a `UiKernel`'s boxes with the UI pass: a node tree (`root`, to give to the renderer's `ui.root` or add under it)
 * of rectangles and text, made once per control and brought up to date by `update()` each frame after the kernel's.
 * Controls are clipped to their box; locked ones are grey, the focused one lighter (and ringed when keys or a pad
 * moved the focus), a pressed or captured one darker, a field being edited framed with its caret and selection; a
 * slider's value is written on the side its thumb leaves free.
 */
export class UiView {
  readonly root = new Node('ui view');
  readonly theme: UiTheme;
  readonly font: BitmapFont | null;
  private readonly boxes = new Map<UiBox, { back: UiRect; controls: ControlNodes[] }>();

  constructor(
    readonly kernel: UiKernel,
    options: UiViewOptions = {},
  ) {
    this.theme = options.theme ?? DEFAULT_UI_THEME;
    this.font = options.font ?? null;
  }

  /**
   * Brings the nodes up to the kernel's state: boxes and controls added since get theirs, boxes taken out of the kernel
   * leave the view with theirs.
   */
  update(): void {
    const kernel = this.kernel;
    for (const [box, drawn] of this.boxes) {
      if (kernel.boxes.includes(box)) continue;
      this.root.remove(drawn.back);
      for (const nodes of drawn.controls)
        for (const node of [nodes.frame, nodes.body, nodes.selection, nodes.mark, nodes.text, nodes.caret])
          this.root.remove(node);
      this.boxes.delete(box);
    }
    for (const box of kernel.boxes) {
      let drawn = this.boxes.get(box);
      if (!drawn) {
        drawn = { back: new UiRect(`${box.name} box`, 1, 1, [...this.theme.box]), controls: [] };
        this.root.add(drawn.back);
        this.boxes.set(box, drawn);
      }
      const r = box.rect;
      drawn.back.setPosition(r.x, r.y, 0);
      [drawn.back.width, drawn.back.height] = [r.width, r.height];
      while (drawn.controls.length < box.controls.length)
        drawn.controls.push(this.make(box.controls[drawn.controls.length]!));
      // Scrolled controls first, pinned ones over them (as the kernel hits them).
      for (const pinned of [false, true])
        for (const nodes of drawn.controls) if (nodes.control.pinned === pinned) this.draw(box, nodes);
    }
  }

  private make(control: UiControl): ControlNodes {
    const name = control.name;
    const nodes: ControlNodes = {
      control,
      frame: new UiRect(`${name} frame`, 1, 1, [...this.theme.editFrame]),
      body: new UiRect(`${name} body`, 1, 1, [...this.theme.kinds[control.kind]]),
      selection: new UiRect(`${name} selection`, 1, 1, [...this.theme.selection]),
      mark: new UiRect(`${name} mark`, 1, 1, [...this.theme.ink]),
      caret: new UiRect(`${name} caret`, 1, 1, [...this.theme.caret]),
      text: new UiText(`${name} text`, '', [...this.theme.ink], { font: this.font }),
      measured: '',
      width: 0,
    };
    if (control.editor && this.font) {
      const font = this.font;
      control.measureText = (text) => layoutText(font, text).width;
    }
    for (const node of [nodes.frame, nodes.body, nodes.selection, nodes.mark, nodes.text, nodes.caret])
      this.root.add(node);
    return nodes;
  }

  private draw(box: UiBox, nodes: ControlNodes): void {
    const { control, frame, body, selection, mark, caret, text } = nodes;
    const kernel = this.kernel;
    const r = box.screenRect(control);
    const clip = box.rect;
    const editing = kernel.editingControl === control;
    const all = [frame, body, selection, mark, caret, text];
    if (control.hidden) {
      for (const node of all) node.visible = false;
      return;
    }
    const base = control.color ?? this.theme.kinds[control.kind];
    const theme = this.theme;
    if (control.locked) grey(body.color, base);
    else if (kernel.isPressed(control)) mix(body.color, base, 0, theme.pressDarken);
    else if (kernel.focus === control) mix(body.color, base, 1, theme.focusLighten);
    else if (kernel.isHovered(control)) mix(body.color, base, 1, theme.hoverLighten);
    else mix(body.color, base, 0, 0);
    place(body, r, clip);
    // The ring shows where keys or a pad put the focus (the engine cursor hidden), as the browser's :focus-visible.
    const ringed = !editing && kernel.focus === control && !kernel.cursorVisible;
    mix(frame.color, editing ? theme.editFrame : theme.focusRing, 0, 0);
    place(
      frame,
      { x: r.x - 1, y: r.y - 1, width: r.width + 2, height: r.height + 2 },
      clip,
      editing || ringed,
    );

    const lineHeight = this.font ? this.font.lineHeight : PIXEL_FONT.lineHeight;
    const textY = r.y + Math.floor((r.height - lineHeight) / 2) + (this.font ? 0 : 1);
    const shown = control.editor
      ? control.editor.text
      : control.kind === 'slider'
        ? String(control.value)
        : control.label;
    text.text = this.font
      ? shown
      : shown.toUpperCase().replace(/[^ \n]/g, (c) => (c in PIXEL_FONT.glyphs ? c : '?'));
    let textX = r.x + control.textInset;
    let thumb = -1;
    if (control.kind === 'slider' || control.kind === 'key') {
      if (nodes.measured !== text.text) {
        nodes.measured = text.text;
        nodes.width = this.font
          ? layoutText(this.font, text.text).width
          : text.text.length * PIXEL_FONT.advance - 1;
      }
      const width = nodes.width;
      if (control.kind === 'key')
        textX = r.x + Math.floor((r.width - width) / 2); // a key's label is centred
      else {
        thumb =
          r.x +
          Math.round(((Number(control.value) - control.min) / (control.max - control.min)) * (r.width - 2));
        // Written where the thumb is not: on the right when it would lie under the thumb (a pixel kept clear each side).
        if (thumb + 2 > textX - 1 && thumb < textX + width + 1)
          textX = r.x + r.width - control.textInset - width;
      }
    }
    text.setPosition(textX, textY, 0);
    // Text shows only where its line lies wholly inside the box (glyphs are not cut).
    text.visible = textY >= clip.y && textY + lineHeight <= clip.y + clip.height && r.x >= clip.x;
    if (control.locked) grey(text.color, theme.ink);
    else mix(text.color, theme.ink, 0, 0);

    const measure = (chars: number) =>
      control.measureText([...(control.editor?.text ?? '')].slice(0, chars).join(''));
    const x0 = r.x + control.textInset;
    if (control.editor && editing) {
      const [start, end] = control.editor.selection;
      place(
        selection,
        { x: x0 + measure(start), y: textY, width: measure(end) - measure(start), height: lineHeight },
        clip,
        end > start,
      );
      place(caret, { x: x0 + measure(control.editor.caret), y: textY, width: 1, height: lineHeight }, clip);
    } else {
      selection.visible = caret.visible = false;
    }
    if (control.kind === 'slider') place(mark, { x: thumb, y: r.y, width: 2, height: r.height }, clip);
    else if (control.kind === 'checkbox') {
      place(
        mark,
        { x: r.x + r.width - 8, y: r.y + Math.floor(r.height / 2) - 2, width: 5, height: 5 },
        clip,
        control.value === true,
      );
    } else mark.visible = false;
  }
}

/** Puts a rect at `r` cut to `clip`; hidden when nothing is left or `show` is false. */
function place(node: UiRect, r: ScreenRect, clip: ScreenRect, show = true): void {
  const x0 = Math.max(r.x, clip.x);
  const y0 = Math.max(r.y, clip.y);
  const x1 = Math.min(r.x + r.width, clip.x + clip.width);
  const y1 = Math.min(r.y + r.height, clip.y + clip.height);
  node.visible = show && x1 > x0 && y1 > y0;
  if (!node.visible) return;
  node.setPosition(x0, y0, 0);
  node.width = x1 - x0;
  node.height = y1 - y0;
}

/** Writes `base` moved a fraction `t` toward the grey level `to` (0 black, 1 white) into `out` (no allocation). */
function mix(out: number[], base: Rgba, to: number, t: number): void {
  for (let i = 0; i < 3; i++) out[i] = base[i]! + (to - base[i]!) * t;
  out[3] = base[3];
}

/** Writes `base` as grey (its luma) into `out`: a locked control. */
function grey(out: number[], base: Rgba): void {
  const luma = 0.3 * base[0] + 0.59 * base[1] + 0.11 * base[2];
  out[0] = out[1] = out[2] = luma;
  out[3] = base[3];
}
