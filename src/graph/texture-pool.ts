/** Makes and frees the graph's textures (a device's, or a test's fake). */
export interface TextureAllocator<T> {
  create(desc: { label: string; format: string; width: number; height: number }): T;
  destroy(texture: T): void;
}

/** What the pool needs of a resource's declaration. */
export interface PoolDecl {
  name: string;
  format: string;
  history?: boolean;
}

/** A texture of the pool: its kind (format and size) and what it costs. */
export interface Physical<T> {
  key: string;
  texture: T;
  bytes: number;
}

/** A resource of a compiled graph: its declaration, size, lifetime over the pass order, and its texture(s). */
export interface Resource<T> {
  decl: PoolDecl;
  width: number;
  height: number;
  key: string;
  producer: string | null; // null: external
  firstUse: number;
  lastUse: number;
  physical: Physical<T> | null;
  /** For history resources: [current, previous] swap every frame. */
  pair: [Physical<T>, Physical<T>] | null;
}

/** A texture kind's key: resources of one key can share a texture. */
export const keyOf = (format: string, width: number, height: number) => `${format} ${width}x${height}`;

/**
 * The render graph's texture pool: gives every used resource a texture — history resources a dedicated pair (kept
 * across recompiles while their kind is unchanged), the others shared by interval colouring when their lifetimes do
 * not overlap — reusing the pool's spares and each resource's previous texture where it can, creating what is
 * missing, and releasing the spares beyond `room` (per kind, how many the graph's passes could ever use at once).
 * Returns the new pool.
 */
export function realizeTextures<T>(args: {
  pool: readonly Physical<T>[];
  previous: ReadonlyMap<string, Resource<T>>;
  resources: Map<string, Resource<T>>;
  room: Map<string, number>;
  allocator: TextureAllocator<T>;
  bytes: (resource: Resource<T>) => number;
  created: () => void;
}): Physical<T>[] {
  const { resources, room, allocator } = args;
  const spare = [...args.pool];
  const previousOwner = new Map(
    [...args.previous].flatMap(([name, r]) => (r.physical ? [[name, r.physical] as const] : [])),
  );
  const previousPairs = new Map([...args.previous].filter(([, r]) => r.pair).map(([name, r]) => [name, r]));
  const take = (key: string, bytes: number, label: string): Physical<T> => {
    // A resource keeps the texture it had when it can, so its contents survive a recompile (redraw after resize).
    const own = previousOwner.get(label);
    const mine = own && own.key === key ? spare.indexOf(own) : -1;
    const index = mine >= 0 ? mine : spare.findIndex((p) => p.key === key);
    if (index >= 0) return spare.splice(index, 1)[0]!;
    const [format, dims] = key.split(' ') as [string, string];
    const [width, height] = dims.split('x').map(Number) as [number, number];
    args.created();
    return { key, bytes, texture: allocator.create({ label, format, width, height }) };
  };

  const used = [...resources.values()].filter((r) => r.producer !== null && r.firstUse !== Infinity);
  // History pairs survive a recompile when their key is unchanged (the history stays valid).
  for (const resource of used.filter((r) => r.decl.history)) {
    const previous = previousPairs.get(resource.decl.name);
    if (previous?.pair && previous.key === resource.key) {
      resource.pair = previous.pair;
      previousPairs.delete(resource.decl.name);
    } else {
      resource.pair = [
        take(resource.key, args.bytes(resource), `${resource.decl.name} (history a)`),
        take(resource.key, args.bytes(resource), `${resource.decl.name} (history b)`),
      ];
    }
  }
  for (const stale of previousPairs.values()) for (const p of stale.pair!) allocator.destroy(p.texture);

  // Interval colouring: a resource takes a texture whose current tenant's last use is before its first use.
  const assigned: { physical: Physical<T>; lastUse: number }[] = [];
  for (const resource of used.filter((r) => !r.decl.history).sort((a, b) => a.firstUse - b.firstUse)) {
    const free = assigned.find((a) => a.physical.key === resource.key && a.lastUse < resource.firstUse);
    if (free) {
      free.lastUse = resource.lastUse;
      resource.physical = free.physical;
    } else {
      const physical = take(resource.key, args.bytes(resource), resource.decl.name);
      assigned.push({ physical, lastUse: resource.lastUse });
      resource.physical = physical;
    }
  }
  // Spares that a disabled pass would use again stay pooled (toggling allocates nothing); any other (an old size
  // after a resize) is released now.
  for (const a of assigned) room.set(a.physical.key, (room.get(a.physical.key) ?? 0) - 1);
  const kept: Physical<T>[] = [];
  for (const physical of spare) {
    const left = room.get(physical.key) ?? 0;
    if (left > 0) {
      room.set(physical.key, left - 1);
      kept.push(physical);
    } else {
      allocator.destroy(physical.texture);
    }
  }
  return [...assigned.map((a) => a.physical), ...kept];
}
