/** A render graph that cannot be compiled as declared; names the pass and resource and says what to do. */
export class GraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphError';
  }
}
