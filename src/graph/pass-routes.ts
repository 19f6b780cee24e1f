import { GraphError } from './graph-error';
import { readName, writeName, type PassDecl } from './pass-decl';

/**
 * Where each pass's reads come from once the graph is edited and toggled: a read redirected by `insertAfter` (the pass
 * put between reads what it writes), and a read of a disabled pass's output followed through its bypass to what stands
 * in for it. It holds the redirections; the passes and which are disabled are the graph's, read as they are now.
 */
export class PassRoutes<C, T> {
  /** Per pass, reads redirected by `insertAfter`: declared name → the resource read instead. */
  private readonly reroutes = new Map<string, Map<string, string>>();

  constructor(
    private readonly passes: readonly PassDecl<C, T>[],
    private readonly disabled: ReadonlySet<string>,
  ) {}

  /** What `pass` reads for its declared read `name`, after `insertAfter` redirected it. */
  routed(pass: string, name: string): string {
    return this.reroutes.get(pass)?.get(name) ?? name;
  }

  /** Points every read of `from` (as routed) by a pass other than `except` at `to`; returns how to undo that. */
  reroute(from: string, to: string, except: readonly PassDecl<C, T>[]): () => void {
    const undo: [Map<string, string>, string, string | undefined][] = [];
    for (const other of this.passes) {
      if (except.includes(other)) continue;
      for (const read of other.reads) {
        const declared = readName(read);
        if (declared.endsWith('@prev') || this.routed(other.name, declared) !== from) continue;
        let routes = this.reroutes.get(other.name);
        if (!routes) this.reroutes.set(other.name, (routes = new Map()));
        undo.push([routes, declared, routes.get(declared)]);
        routes.set(declared, to);
      }
    }
    return () => {
      for (const [routes, declared, previous] of undo.reverse())
        if (previous === undefined) routes.delete(declared);
        else routes.set(declared, previous);
    };
  }

  /** Drops the redirections of a pass taken out of the graph. */
  forget(pass: string): void {
    this.reroutes.delete(pass);
  }

  /**
   * Follows bypasses: while the producer of `name` is disabled, read what it would have read instead. Null for an
   * `optional` read where nothing stands in.
   */
  resolve(name: string, reader?: string): string;
  resolve(name: string, reader: string | undefined, optional: boolean): string | null;
  resolve(name: string, reader?: string, optional = false): string | null {
    const seen = new Set<string>();
    let current = name;
    for (;;) {
      const producer = this.passes.find((p) => p.writes.some((w) => writeName(w) === current));
      if (!producer || !this.disabled.has(producer.name)) return current;
      if (seen.has(current)) throw new GraphError(`Bypassing disabled passes loops at "${current}".`);
      seen.add(current);
      const replacement =
        producer.bypass?.[current] ??
        (writeName(producer.writes[0]!) === current ? producer.reads[0] : undefined);
      if (replacement === undefined) {
        if (optional) return null;
        throw new GraphError(
          `Pass "${producer.name}" is disabled, and nothing stands in for its output "${current}"` +
            `${reader ? `, which "${reader}" reads` : ''}; give it a bypass entry or keep it enabled.`,
        );
      }
      current = this.routed(producer.name, readName(replacement));
    }
  }
}
