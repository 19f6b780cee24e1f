// Helpers the headset specs share: IWER's emulated Meta Quest 3 (?xr=emulate) driven from the test: enter VR, wait for
// session frames, pose and press the controllers, read what their rays meet.
import type { Page } from '@playwright/test';

export type Vec = number[];
export type XrTestWindow = {
  __xrProbe: {
    panelPoint(x: number, y: number): { point: Vec; normal: Vec };
    aim(from: Vec, to: Vec): { position: Vec; quaternion: Vec };
    centreOf(name: string): [number, number];
  };
  __bench: { worldOf(n: string): Vec; parentOf(n: string): string | null; matrixOf(n: string): Vec };
};
type Controller = {
  position: { set(x: number, y: number, z: number): void };
  quaternion: { set(x: number, y: number, z: number, w: number): void };
  updateButtonValue(id: string, value: number): void;
  updateAxes(id: string, x: number, y: number): void;
};
type Hand = Controller & { updatePinchValue(value: number): void };
export type Device = {
  controllers: Record<string, Controller>;
  hands: Record<string, Hand>;
  primaryInputMode: string;
};

/** Waits until the session has drawn `n` more frames (a pose or button set now has been read and applied). */
export async function xrFrames(page: Page, n = 3): Promise<void> {
  const at = await page.evaluate(() => window.__armature!.xr!.frames);
  await page.waitForFunction((f) => window.__armature!.xr!.frames >= f, at + n);
}

/**
 * Puts the `hand` controller (or tracked hand, while the emulator tracks hands) at world point `from`, its ray toward
 * world point `to`, and lets frames read it.
 */
export async function aim(page: Page, hand: string, from: Vec, to: Vec): Promise<void> {
  await page.evaluate(
    ({ hand, from, to }) => {
      const pose = (window as unknown as XrTestWindow).__xrProbe.aim(from, to);
      const device = window.__armature!.xr!.device as Device;
      const c = (device.primaryInputMode === 'hand' ? device.hands : device.controllers)[hand]!;
      c.position.set(pose.position[0]!, pose.position[1]!, pose.position[2]!);
      c.quaternion.set(pose.quaternion[0]!, pose.quaternion[1]!, pose.quaternion[2]!, pose.quaternion[3]!);
    },
    { hand, from, to },
  );
  await xrFrames(page);
}

/**
 * Clicks "Enter VR" and waits until the new session has drawn `frames` frames. The count is the running session's
 * (it is reset when a session starts), so a finished session's frames never satisfy the wait.
 */
export async function enterVr(page: Page, frames: number): Promise<void> {
  await page.getByTestId('enter-xr').click();
  await page.waitForFunction(
    (n) => window.__armature!.xr?.session != null && window.__armature!.xr.frames >= n,
    frames,
    { timeout: 60_000 },
  );
}

/** Sets a controller button's value (1 pressed, 0 released) and lets frames apply it. */
export async function button(
  page: Page,
  hand: string,
  id: 'trigger' | 'squeeze' | 'a-button' | 'b-button',
  value: number,
): Promise<void> {
  await page.evaluate(
    ({ hand, id, value }) =>
      (window.__armature!.xr!.device as Device).controllers[hand]!.updateButtonValue(id, value),
    { hand, id, value },
  );
  await xrFrames(page);
}

/** What each pointer's ray meets, as names: `ui control`, `node name`, or null. */
export const pointerHits = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      window.__armature!.xr!.pointers.map((p) => [
        p.handedness,
        p.hit === null
          ? null
          : p.hit.kind === 'ui'
            ? `ui ${p.hit.control?.name ?? '-'}`
            : `node ${p.hit.node.name}`,
      ]),
    ),
  );

/**
 * Aims `hand` at native pixel (x, y) of the UI image on the headset panel, from 0.3 m in front of it (`back`), moved by
 * `aside` (world metres).
 */
export async function aimAtPanel(
  page: Page,
  hand: string,
  x: number,
  y: number,
  { back = 0.3, aside = [0, 0, 0] }: { back?: number; aside?: Vec } = {},
): Promise<void> {
  const { point, normal } = await page.evaluate(
    ([x, y]) => (window as unknown as XrTestWindow).__xrProbe.panelPoint(x!, y!),
    [x, y],
  );
  await aim(
    page,
    hand,
    point.map((v, i) => v + normal[i]! * back + aside[i]!),
    point,
  );
}

/** Leans the `hand` controller's thumbstick to (x, y) (0, 0: back to rest); the next frames read it. */
export async function thumbstick(page: Page, hand: string, x: number, y: number): Promise<void> {
  await page.evaluate(
    ({ hand, x, y }) =>
      (window.__armature!.xr!.device as Device).controllers[hand]!.updateAxes('thumbstick', x, y),
    { hand, x, y },
  );
}
