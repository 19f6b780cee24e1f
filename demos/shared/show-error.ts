// Shared by every demo: a start-up failure becomes a readable message on the page and on the handle, never a blank canvas.
import { showFailure } from '../../src/index';
import type { ArmatureHandle } from '../../src/debug';

/** Puts `error` on the page in place of `canvas` (the library's `showFailure`), and on the debug handle for tests. */
export function showError(handle: ArmatureHandle, canvas: HTMLCanvasElement, error: unknown): void {
  handle.error = error instanceof Error ? error.message : String(error);
  showFailure(canvas, error);
  console.error(error);
}
