// The game's UI on the UI kernel: the HUD strip along the top (pieces placed, time: static controls), the win banner
// and the pause menu (resume, restart, a slider for the look, a checkbox for the CRT), put up in the kernel while the game is
// paused and worked by the mouse, the keys (Tab, arrows, Enter) and a pad (D-pad, A) like any kernel box.
import { UiBox, UiControl, type UiKernel } from '../../src/index';

/** The look slider's stops: plain, outlined (the default), outlined with the PICO-8 palette and its dither. */
export const LOOKS = ['plain', 'outlined', 'paletted'] as const;
export type Look = (typeof LOOKS)[number];

/** The HUD and the pause menu, in native pixels of an image `width` wide and `height` high. */
export class GameUi {
  readonly hud: UiBox;
  readonly placed: UiControl;
  readonly time: UiControl;
  readonly menu: UiBox;
  readonly resume: UiControl;
  readonly restart: UiControl;
  readonly look: UiControl;
  readonly crt: UiControl;
  /** The win banner: a box put up in the kernel once the five are in (below the kit, clear of the bench's board). */
  readonly won: UiBox;

  constructor(
    readonly kernel: UiKernel,
    width: number,
    height: number,
  ) {
    const ink: [number, number, number, number] = [0.06, 0.08, 0.14, 1];
    this.hud = new UiBox('hud', { x: 0, y: 0, width, height: 11 });
    this.placed = new UiControl('placed', 'static', { x: 2, y: 1, width: 80, height: 9, color: ink });
    this.time = new UiControl('time', 'static', { x: width - 50, y: 1, width: 48, height: 9, color: ink });
    this.hud.add(this.placed).add(this.time);
    kernel.add(this.hud);

    const [w, h] = [104, 55];
    this.menu = new UiBox('pause', {
      x: Math.round((width - w) / 2),
      y: Math.round((height - h) / 2),
      width: w,
      height: h,
    });
    const row = (i: number) => 12 + i * 14;
    this.menu.add(
      new UiControl('paused', 'static', { x: 4, y: 2, width: w - 8, height: 9, label: 'PAUSED', color: ink }),
    );
    this.resume = new UiControl('resume', 'button', {
      x: 4,
      y: row(0),
      width: 46,
      height: 11,
      label: 'RESUME',
    });
    this.restart = new UiControl('restart', 'button', {
      x: 54,
      y: row(0),
      width: 46,
      height: 11,
      label: 'RESTART',
    });
    this.menu.add(
      new UiControl('look label', 'static', {
        x: 4,
        y: row(1),
        width: 26,
        height: 11,
        label: 'LOOK',
        color: ink,
      }),
    );
    this.look = new UiControl('look', 'slider', {
      x: 34,
      y: row(1),
      width: 66,
      height: 11,
      min: 0,
      max: LOOKS.length - 1,
      value: 1,
    });
    this.menu.add(
      new UiControl('crt label', 'static', {
        x: 4,
        y: row(2),
        width: 26,
        height: 11,
        label: 'CRT',
        color: ink,
      }),
    );
    this.crt = new UiControl('crt', 'checkbox', { x: 34, y: row(2), width: 11, height: 11, value: false });
    this.menu.add(this.resume).add(this.restart).add(this.look).add(this.crt);

    const banner = 52; // the label (12 characters of 4 pixels) and its insets
    this.won = new UiBox('won', { x: Math.round((width - banner) / 2), y: 150, width: banner, height: 13 });
    this.won.add(
      new UiControl('won', 'static', {
        x: 0,
        y: 0,
        width: banner,
        height: 13,
        label: 'ALL FIVE IN!',
        color: ink,
      }),
    );
  }

  /** Shows the win banner or takes it down. */
  showWin(won: boolean): void {
    if (won === this.kernel.boxes.includes(this.won)) return;
    if (won) this.kernel.add(this.won);
    else this.kernel.remove(this.won);
  }

  /** Whether the pause menu is up. */
  get paused(): boolean {
    return this.kernel.boxes.includes(this.menu);
  }

  /** Puts the pause menu up or takes it down. */
  pause(paused: boolean): void {
    if (paused === this.paused) return;
    if (paused) this.kernel.add(this.menu);
    else this.kernel.remove(this.menu);
  }

  /** The look the slider is at. */
  get lookName(): Look {
    return LOOKS[Number(this.look.value)]!;
  }
}
