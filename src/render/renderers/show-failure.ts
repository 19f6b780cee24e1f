/**
 * Puts `error`'s message in the page where `canvas` was (a start-up failure, a device gone for good), so a page never
 * shows a blank canvas for a broken start. The element has the class and test id `armature-error`; it is returned
 * (null for a canvas not in a document).
 */
export function showFailure(canvas: HTMLCanvasElement | OffscreenCanvas, error: unknown): HTMLElement | null {
  if (
    !(typeof HTMLCanvasElement !== 'undefined' && canvas instanceof HTMLCanvasElement) ||
    !canvas.isConnected
  )
    return null;
  const box = document.createElement('div');
  box.className = 'armature-error';
  box.dataset['testid'] = 'armature-error';
  box.setAttribute('role', 'alert');
  box.textContent = error instanceof Error ? error.message : String(error);
  canvas.replaceWith(box);
  return box;
}
