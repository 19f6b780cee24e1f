/** A scene-graph operation refused because of bad input; the tree is left exactly as it was before the call. */
export class SceneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SceneError';
  }
}
