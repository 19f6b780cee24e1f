import type { Node, NodeWatcher } from './node';
import { FrameList } from '../math/frame-list';
import { SceneError } from './scene-error';

/** One reader of a change record: how far into its log it has read. */
export interface ChangeCursor {
  at: number;
}

/**
 * What changed in one tree since each of its readers last looked: the nodes that joined or left it (a subtree added
 * or removed anywhere in it, node by node) and the nodes whose drawing changed (a mesh's world matrix recomputed, its
 * material, geometry or visibility set). The tree's nodes report to it directly, without a walk to the root, so a
 * change in another tree costs this one nothing, and a frame where k meshes changed reads k entries.
 */
export class ChangeRecord implements NodeWatcher {
  /** Nodes visited applying structural changes (the subtrees added and removed), since creation. */
  visited = 0;
  /** Nodes now in the tree. */
  members = 0;
  // Entries are log.at(0 … length − 1); a FrameList, so trimming and refilling it does not reallocate every frame.
  private readonly log = new FrameList<Node>();
  /** Position of `log[0]` in the record's whole history; positions never repeat. */
  private base = 0;
  /** The furthest position any reader has read to: an entry past it is unread by all, so logging again is a no-op. */
  private readMax = 0;
  private readonly cursors = new Set<ChangeCursor>();
  private joining: Node[] = [];
  private leaving: Node[] = [];

  private constructor(readonly root: Node) {
    root.traverse((node) => {
      if (node.watcher) throw nested(node, root);
    });
    root.traverse((node) => {
      node.watcher = this;
      this.members++;
    });
    this.visited += this.members;
  }

  /** The record of the tree under `root`, made (a walk of the tree) when it has none. */
  static of(root: Node): ChangeRecord {
    const watcher = root.watcher;
    if (watcher instanceof ChangeRecord && watcher.root === root) return watcher;
    return new ChangeRecord(root);
  }

  /** Whether `node` is in the tree, as of the last `read`. */
  has(node: Node): boolean {
    return node.watcher === this;
  }

  /** A new reader, positioned after everything logged so far (it starts from a walk of its own). */
  open(): ChangeCursor {
    const cursor = { at: this.base + this.log.length };
    this.cursors.add(cursor);
    return cursor;
  }

  /** Forgets a reader; with the last one gone the tree stops reporting here. */
  close(cursor: ChangeCursor): void {
    this.cursors.delete(cursor);
    if (this.cursors.size > 0) return;
    const release = (node: Node) => {
      if (node.watcher === this) node.watcher = null;
    };
    this.root.traverse(release);
    for (const node of this.leaving) node.traverse(release); // detached, not yet applied
    this.log.clear();
    this.joining.length = this.leaving.length = 0;
  }

  /**
   * Applies the structural changes, then shows the reader every node logged since it last read (a node may show
   * once for several changes; `has` says whether it is still in the tree). Returns false, showing nothing, when
   * entries it had not read were dropped: it must start again from a walk of the tree.
   */
  read(cursor: ChangeCursor, visit: (node: Node) => void): boolean {
    this.settle();
    if (cursor.at < this.base) {
      // Entries it had not read were dropped (it stopped reading while others went on).
      cursor.at = this.base + this.log.length;
      this.readMax = Math.max(this.readMax, cursor.at);
      return false;
    }
    const log = this.log;
    const end = this.base + log.length;
    for (let i = cursor.at - this.base; i < log.length; i++) visit(log.at(i));
    cursor.at = end;
    this.readMax = end;
    this.trim();
    return true;
  }

  /** Throws unless exactly the nodes of the tree report here: the check of validation mode. */
  check(): void {
    let count = 0;
    this.root.traverse((node) => {
      if (node.watcher !== this)
        throw new SceneError(
          `Change record of "${this.root.name}": "${node.path}" is in the tree but not recorded.`,
        );
      count++;
    });
    if (count !== this.members)
      throw new SceneError(
        `Change record of "${this.root.name}": ${this.members} nodes recorded, ${count} in the tree.`,
      );
  }

  // NodeWatcher: called by the nodes of the tree.

  added(child: Node): void {
    this.joining.push(child);
  }

  removed(child: Node): void {
    if (child !== this.root) this.leaving.push(child);
  }

  changed(node: Node): void {
    const i = node.loggedAt - this.base;
    // Already logged where no reader has read yet: every reader will see it.
    if (node.loggedAt >= this.readMax && i < this.log.length && this.log.at(i) === node) return;
    node.loggedAt = this.base + this.log.length;
    this.log.push(node);
    // A reader that stopped reading must not make the log grow without end: past this size, what the readers that
    // keep up have read is dropped, and a reader behind it walks the tree when it comes back.
    if (this.log.length > 2 * this.members + 4096 && this.readMax > this.base) this.dropBefore(this.readMax);
  }

  adopt(child: Node): void {
    const watcher = child.watcher;
    if (watcher instanceof ChangeRecord && watcher.root === child && watcher !== this)
      throw new SceneError(
        `Cannot put "${child.name}" into "${this.root.name}": it is the root of a scene a renderer draws. ` +
          'Give each renderer its own tree, or draw the outer tree only.',
      );
  }

  /** Removed subtrees leave first, then added ones join if they are still in the tree: node by node, logged. */
  private settle(): void {
    if (this.leaving.length > 0) {
      const leaving = this.leaving;
      this.leaving = [];
      for (const top of leaving) {
        top.traverse((node) => {
          this.visited++;
          if (node.watcher !== this) return;
          node.watcher = null;
          this.members--;
          this.changed(node);
        });
      }
    }
    if (this.joining.length > 0) {
      const joining = this.joining;
      this.joining = [];
      for (const top of joining) {
        if (top.watcher === this || top.parent?.watcher !== this) continue; // joined already, or gone again
        top.traverse((node) => {
          this.visited++;
          const other = node.watcher;
          if (other === this) return;
          if (other instanceof ChangeRecord) other.release(node);
          node.watcher = this;
          this.members++;
          this.changed(node);
        });
      }
    }
  }

  /** `node` moved into another record's tree before this one saw it leave. */
  private release(node: Node): void {
    node.watcher = null;
    this.members--;
    this.changed(node);
  }

  /** Forgets the entries before position `at`. */
  private dropBefore(at: number): void {
    const count = at - this.base;
    this.log.items.copyWithin(0, count, this.log.length);
    this.log.length -= count;
    this.base = at;
  }

  /** Drops the entries every reader has read, once they are most of the log. */
  private trim(): void {
    let slowest = Infinity;
    for (const cursor of this.cursors) slowest = Math.min(slowest, cursor.at);
    const read = slowest - this.base;
    if (read >= 1024 && read * 2 >= this.log.length) this.dropBefore(slowest);
  }
}

function nested(node: Node, root: Node): SceneError {
  return new SceneError(
    `Cannot watch the tree under "${root.name}": "${node.path}" is already in a tree a renderer draws. Give each ` +
      'renderer its own tree, or draw the outer tree only.',
  );
}
