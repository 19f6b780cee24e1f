// Shared by every demo: a start-up failure becomes a readable message on the page and on the handle, never a blank canvas.
import type { ArmatureHandle } from '../../src/index';

/** Puts `error` on the page in place of `canvas`, and on the debug handle for tests. */
export function showError(handle: ArmatureHandle, canvas: HTMLCanvasElement, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  handle.error = message;
  const box = document.createElement('div');
  box.className = 'armature-error';
  box.dataset['testid'] = 'armature-error';
  box.textContent = message;
  canvas.replaceWith(box);
  console.error(error);
}
