/**
 * GPU copies of scene things (a geometry's buffers, a texture's upload, a set of bindings) counted by what draws them:
 * `retain` when a draw starts referring to a key, `release` when it stops. A key no draw refers to is freed by the
 * `sweep` of the frame `keep` frames later, so a mesh taken out and put back within those frames (a reparent, a level
 * reloaded in place) finds its copy still there and uploads nothing.
 */
export class RefCache<K, V> {
  private readonly entries = new Map<K, { refs: number; value: V | null; idleSince: number }>();
  /** Keys whose count fell to 0: the sweep looks at these only. */
  private readonly idle = new Set<K>();
  private frame = 0;

  constructor(
    private readonly free: (value: V, key: K) => void,
    /** Frames a key stays after its last release. */
    private readonly keep = 3,
  ) {}

  /** A draw refers to `key` now. */
  retain(key: K): void {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.refs++ === 0) this.idle.delete(key);
    } else this.entries.set(key, { refs: 1, value: null, idleSince: 0 });
  }

  /** A draw no longer refers to `key`. */
  release(key: K): void {
    const entry = this.entries.get(key);
    if (!entry || entry.refs === 0) throw new Error('RefCache: a key released more often than retained.');
    if (--entry.refs === 0) {
      entry.idleSince = this.frame;
      this.idle.add(key);
    }
  }

  /** The copy of `key`, made by `make` the first time (a key asked for and never retained is swept like a released one). */
  get(key: K, make: (key: K) => V): V {
    let entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, (entry = { refs: 0, value: null, idleSince: this.frame }));
      this.idle.add(key);
    }
    return (entry.value ??= make(key));
  }

  /** Frees the copy of `key` now, whoever refers to it (it was disposed); asking for it again makes a new one. */
  forget(key: K): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value === null) return;
    const value = entry.value;
    entry.value = null;
    this.free(value, key);
  }

  /** The copy of `key` if it has one (no making). */
  peek(key: K): V | null {
    return this.entries.get(key)?.value ?? null;
  }

  /** Ends a frame: frees the copies no draw has referred to for `keep` frames. */
  sweep(): void {
    this.frame++;
    for (const key of this.idle) {
      const entry = this.entries.get(key)!;
      if (this.frame - entry.idleSince < this.keep) continue;
      this.idle.delete(key);
      this.entries.delete(key);
      if (entry.value !== null) this.free(entry.value, key);
    }
  }

  /** How many keys hold a copy or a reference. */
  get size(): number {
    return this.entries.size;
  }

  /** Frees every copy (the pass is going away). */
  destroy(): void {
    for (const [key, entry] of this.entries) if (entry.value !== null) this.free(entry.value, key);
    this.entries.clear();
    this.idle.clear();
  }
}
