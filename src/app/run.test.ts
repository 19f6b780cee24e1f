import { describe, expect, it } from 'vitest';
import type { Renderer } from '../render/renderers/renderer';
import { FixedClock } from '../time/fixed-clock';
import type { SessionFrames, WindowFrames } from '../time/frame-loop';
import type { InputEvent } from '../input/input-event';
import { UiBox } from '../ui/ui-box';
import { UiControl } from '../ui/ui-control';
import { UiKernel } from '../ui/ui-kernel';
import { run } from './run';

/** A frame source under the test's control: `fire(time)` runs the callbacks requested so far. */
class FakeFrames implements WindowFrames, SessionFrames {
  private callbacks = new Map<number, (time: number, frame: XRFrame) => void>();
  private next = 1;
  private ends = new Set<() => void>();
  requestAnimationFrame(callback: (time: number, frame: XRFrame) => void): number {
    this.callbacks.set(this.next, callback);
    return this.next++;
  }
  cancelAnimationFrame(handle: number): void {
    this.callbacks.delete(handle);
  }
  addEventListener(_type: 'end', listener: () => void): void {
    this.ends.add(listener);
  }
  removeEventListener(_type: 'end', listener: () => void): void {
    this.ends.delete(listener);
  }
  fire(time: number): void {
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of due) callback(time, {} as XRFrame);
  }
  end(): void {
    for (const listener of [...this.ends]) listener();
  }
}

/** The part of a renderer `run` uses, recording what it is asked. */
function fakeRenderer() {
  const log: string[] = [];
  const renderer = {
    canvas: { width: 10, height: 10 },
    render: (elapsed: number, delta: number) => {
      log.push(`render ${elapsed.toFixed(3)} ${delta.toFixed(3)}`);
      return { drawCalls: 3, triangles: 6 };
    },
    redraw: () => log.push('redraw'),
    destroy: () => log.push('destroy'),
    onUnrecoverable: undefined as ((error: Error) => void) | undefined,
  };
  return { renderer, log, asRenderer: renderer as unknown as Renderer };
}

describe('run', () => {
  it('each frame runs the steps with the clock’s time, then renders, then reports; the budget records it', () => {
    const frames = new FakeFrames();
    const { asRenderer, log } = fakeRenderer();
    const reported: number[] = [];
    const running = run(
      asRenderer,
      [(s) => log.push(`step a ${s.elapsed.toFixed(3)}`), (s) => log.push(`step b ${s.delta.toFixed(3)}`)],
      { frames, clock: new FixedClock({ fps: 50, until: 10 }), onFrame: (c) => reported.push(c.drawCalls) },
    );
    frames.fire(0);
    frames.fire(16);
    expect(log).toEqual([
      'step a 0.000',
      'step b 0.000',
      'render 0.000 0.000',
      'step a 0.020',
      'step b 0.020',
      'render 0.020 0.020',
    ]);
    expect(reported).toEqual([3, 3]);
    expect(running.last).toEqual({ drawCalls: 3, triangles: 6 });
    expect(running.budget.snapshot()).toMatchObject({ samples: 2, drawCalls: 3, triangles: 6 });
    running.destroy();
    frames.fire(32);
    expect(log.slice(-1)).toEqual(['destroy']); // stopped: no frame after destroy
  });

  it('sends a headset session’s frames to xrRender while it runs, and back to the canvas when it ends', () => {
    const frames = new FakeFrames();
    const session = new FakeFrames();
    const { asRenderer, log } = fakeRenderer();
    const running = run(asRenderer, [], { frames, clock: new FixedClock({ fps: 10, until: 10 }) });
    running.xrRender = () => {
      log.push('xr');
      return { drawCalls: 9, triangles: 0 };
    };
    running.loop.enterSession(session);
    session.fire(0);
    session.end();
    frames.fire(1);
    expect(log).toEqual(['xr', 'render 0.100 0.100']);
  });

  it('a device gone for good stops the loop (a page canvas would show the message instead)', () => {
    const frames = new FakeFrames();
    const { renderer, asRenderer, log } = fakeRenderer();
    const running = run(asRenderer, [], { frames });
    frames.fire(0);
    renderer.onUnrecoverable!(new Error('gone'));
    expect(running.loop.isRunning).toBe(false);
    frames.fire(16);
    expect(log).toEqual(['render 0.000 0.000']);
    const failures: string[] = [];
    const custom = run(asRenderer, [], { frames, onFailure: (e) => failures.push(e.message) });
    renderer.onUnrecoverable!(new Error('gone again'));
    expect(failures).toEqual(['gone again']);
    expect(custom.loop.isRunning).toBe(true);
    custom.stop();
  });

  it('applies the queued input to the UI kernel before the steps, and asks for text while a field edits', () => {
    const frames = new FakeFrames();
    const { asRenderer } = fakeRenderer();
    const kernel = new UiKernel().add(
      new UiBox('box', { x: 0, y: 0, width: 50, height: 50 }).add(
        new UiControl('field', 'text', { x: 0, y: 0, width: 40, height: 10 }),
      ),
    );
    const pending: InputEvent[] = [
      { kind: 'pointer-move', x: 5, y: 5 },
      { kind: 'pointer-down', button: 0, x: 5, y: 5 },
      { kind: 'pointer-up', button: 0, x: 5, y: 5 },
    ];
    const queue = { drain: () => pending.splice(0), textInput: false };
    const seen: string[] = [];
    kernel.onEvent = (e) => seen.push(e.type);
    const running = run(asRenderer, [() => seen.push(`step: focus ${kernel.focus?.name}`)], {
      frames,
      clock: new FixedClock({ fps: 50, until: 10 }),
      input: { queue, kernel },
    });
    frames.fire(0);
    expect(seen).toEqual([
      'hover-in',
      'focus-in',
      'edit-start',
      'capture-start', // the caret is already at 0 in the empty field: no caret-move
      'capture-accept',
      'step: focus field',
    ]);
    expect(queue.textInput).toBe(true);
    pending.push({ kind: 'key', key: 'Enter', actions: ['accept'], shift: false, ctrl: false });
    frames.fire(20);
    expect(queue.textInput).toBe(false);
    running.stop();
  });
});
