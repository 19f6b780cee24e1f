/**
 * Disposal of scene things whose GPU copies a renderer holds (textures, geometries): `dispose` marks the thing and tells
 * every renderer holding a copy, which frees it at once; drawing it afterwards is an error naming it. Plain objects
 * (a `Geometry`) are disposed through here; a `Texture` through its own `dispose()`.
 */
const listeners = new WeakMap<object, Set<() => void>>();
const disposed = new WeakSet<object>();

/** Calls `fn` when `thing` is disposed (once); returns the function that stops listening. */
export function whenDisposed(thing: object, fn: () => void): () => void {
  let set = listeners.get(thing);
  if (!set) listeners.set(thing, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

/** Marks `thing` disposed and tells whoever holds a copy of it; a second call changes nothing. */
export function disposeThing(thing: object): void {
  if (disposed.has(thing)) return;
  disposed.add(thing);
  const set = listeners.get(thing);
  listeners.delete(thing);
  for (const fn of set ?? []) fn();
}

/** Whether `thing` was disposed. */
export function isDisposed(thing: object): boolean {
  return disposed.has(thing);
}
